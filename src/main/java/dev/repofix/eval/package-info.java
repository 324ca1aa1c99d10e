/**
 * The benchmark, in sub-packages, bottom-up (LayeringTest checks that each uses only those
 * of the tiers before its own, never one beside it): {@code cases} (the case model, case
 * files and their checks); {@code result} (a case's result, the results folder, shard
 * merge); {@code score} (metrics per stage, the issue judge, the report) and {@code gold}
 * (the reference and empty answerers and the benchmark's sanity check); {@code run} (the
 * runner over the one pipeline, settings, checkouts); then the case sources and formats
 * that share nothing: {@code swebench}, {@code mine}, {@code inject}.
 */
package dev.repofix.eval;
