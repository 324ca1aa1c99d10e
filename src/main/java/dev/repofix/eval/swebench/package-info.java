/**
 * SWE-bench's formats: task instances imported as cases and exported back, and
 * predictions exported for its harness.
 */
package dev.repofix.eval.swebench;
