/** What other modules may use of statistics: nothing yet (the module only reads the others' faces). */
export {};
