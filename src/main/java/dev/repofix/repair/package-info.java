/**
 * The builtin engine ({@link dev.repofix.repair.BuiltinStages}, what {@code pipeline} and {@code cli}
 * call): no network, no model. Its parts, bottom-up (LayeringTest checks who may use whom):
 * {@code source} (files, lexing, syntax trees); {@code localize} (coverage, spectra, frames) and
 * {@code templates} (the template model, token templates; {@code templates.java},
 * {@code templates.python}); {@code propose} (templates per file, candidate order); this package
 * on top, with stage 1 ({@link dev.repofix.repair.IssueWriter}).
 */
package dev.repofix.repair;
