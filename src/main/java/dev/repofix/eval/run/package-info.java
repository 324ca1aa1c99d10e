/**
 * The runner: every case, setting, context budget and sample through the one pipeline
 * on a prepared checkout, resuming what a killed run left; the input settings; the
 * checkouts.
 */
package dev.repofix.eval.run;
