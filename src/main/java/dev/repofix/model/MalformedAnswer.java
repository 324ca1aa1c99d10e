package dev.repofix.model;

/** A 200 answer whose JSON does not parse or lacks a field the client needs; retried once. */
final class MalformedAnswer extends RuntimeException {
    private static final long serialVersionUID = 1L;

    MalformedAnswer(String message) {
        super(message);
    }

    MalformedAnswer(String message, Throwable cause) {
        super(message, cause);
    }
}
