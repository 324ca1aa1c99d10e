package dev.repofix.patch;

/** How a hunk was placed, from most to least trustworthy. */
public enum Placement {
    /** The old lines matched verbatim at the line the header gave (or, with no line given, at one place only). */
    EXACT,
    /** The old lines matched verbatim, but at another line than the header gave. */
    OFFSET,
    /** The old lines matched only with whitespace runs collapsed and trimmed. */
    WHITESPACE,
    /** The old lines matched only after dropping up to two context lines at each end. */
    FUZZY
}
