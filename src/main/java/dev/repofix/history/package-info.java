/** The history of runs: every fix and eval run kept in SQLite or PostgreSQL, trends over it, the dashboard. */
package dev.repofix.history;
