/**
 * Cases made by injecting bugs into a repository whose tests pass: mutation operators
 * and model-proposed bugs, kept only when a test catches them.
 */
package dev.repofix.eval.inject;
