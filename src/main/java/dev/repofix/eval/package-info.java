/** The benchmark: cases, the runner over the one pipeline, metrics per stage, shards and merge. */
package dev.repofix.eval;
