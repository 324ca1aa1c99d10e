/**
 * A benchmark case: its model, its reference issue, locations and patch, what scoring
 * keeps of them, the JSONL case file and its static checks.
 */
package dev.repofix.eval.cases;
