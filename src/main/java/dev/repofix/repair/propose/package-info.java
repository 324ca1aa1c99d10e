/**
 * Builtin stage 3: the candidates and their order. Which templates a file gets
 * ({@link dev.repofix.repair.propose.FixTemplates}), and the order candidates are tried in:
 * diagonals of line rank and edit depth, natural-looking edits first
 * ({@link dev.repofix.repair.propose.TemplateProposer}). Screening and validating them is
 * not here: that loop is {@code pipeline}'s and {@code validate}'s.
 */
package dev.repofix.repair.propose;
