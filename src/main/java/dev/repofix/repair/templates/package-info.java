/**
 * The fix-template model: a {@link dev.repofix.repair.templates.FixTemplate} proposes
 * {@link dev.repofix.repair.templates.LineEdit}s of a suspected line; what every template
 * shares (distinct edits, moves by one, look-alike names); and the token templates, which
 * read any language's lexed line and serve every file without a syntax-tree template. The
 * templates of one language live in a sub-package ({@code java}, {@code python}). Uses
 * {@code repair.source} only.
 */
package dev.repofix.repair.templates;
