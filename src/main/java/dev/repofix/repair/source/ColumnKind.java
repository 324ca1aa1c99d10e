package dev.repofix.repair.source;

/** What a character column of a source line belongs to. */
enum ColumnKind {
    CODE,
    /** Inside a string, char, text-block or template literal, delimiters and prefix included. */
    STRING,
    COMMENT
}
