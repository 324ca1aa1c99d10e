/**
 * A case's result as a file of the results folder (one per result, written atomically),
 * the run's manifest, and the merge of shards' folders into one.
 */
package dev.repofix.eval.result;
