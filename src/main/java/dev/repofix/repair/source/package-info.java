/**
 * The source files as the builtin engine reads them: text split into lines, lexed once
 * (code, literal, comment columns; tokens) per {@link dev.repofix.repair.source.SourceLanguage},
 * read through the workspace's confined reader ({@link dev.repofix.repair.source.SourceCache}),
 * and parsed into syntax trees (JavaParser for Java, Python's own {@code ast} for Python),
 * each parsed once and shared by the localizer and the templates. Uses no other part of {@code repair}.
 */
package dev.repofix.repair.source;
