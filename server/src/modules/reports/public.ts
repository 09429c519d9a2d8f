/** What other modules may use of reports: nothing yet; everything in this folder is private to it. */
export {};
