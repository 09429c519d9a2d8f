/** What other modules may use of accounting: nothing; money bills reach it through the platform's outbox. */
export {};
