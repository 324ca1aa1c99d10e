package dev.repofix.context;

/**
 * A chunk offered to the budget, with the line to keep when it must be cut: the frame
 * line of a stack-frame window, the first line of a BM25 window.
 */
record Candidate(ContextChunk chunk, int focusLine) {
    static Candidate headFirst(ContextChunk chunk) {
        return new Candidate(chunk, chunk.startLine());
    }
}
