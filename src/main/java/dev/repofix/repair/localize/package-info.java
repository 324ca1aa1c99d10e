/**
 * Builtin stage 2: which lines are suspect. Per-test coverage runs (JaCoCo for Maven,
 * coverage.py for pytest) reduced to spectra and ranked by a spectrum formula
 * ({@link dev.repofix.repair.localize.SpectrumLocalizer}), or, without coverage, the stack
 * frames and what the failing tests call ({@link dev.repofix.repair.localize.FrameLocalizer}).
 * Uses {@code repair.source} only.
 */
package dev.repofix.repair.localize;
