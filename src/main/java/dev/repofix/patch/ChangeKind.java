package dev.repofix.patch;

/** What a file patch does to its file. */
public enum ChangeKind {
    /** Edits a file that exists. */
    MODIFY,
    /** Creates a file that must not exist yet. */
    CREATE,
    /** Deletes a file that exists; its hunks, if any, must match the whole content. */
    DELETE
}
