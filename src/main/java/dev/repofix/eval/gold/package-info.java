/**
 * The benchmark's own check: the gold (reference) and empty answerers, and the sanity
 * verdict of their results (gold must pass, empty must fail, gold must not flake).
 */
package dev.repofix.eval.gold;
