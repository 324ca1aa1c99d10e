package dev.repofix.build;

/**
 * The format of a test report file, so that the test-run layer picks the parser that
 * reads it. A build names the format of each report it writes
 * ({@link BuildSystem#reportFormat(java.nio.file.Path)}).
 */
public enum ReportFormat {
    /** Ant/Surefire JUnit XML ({@code <testsuite>}/{@code <testsuites>}): Maven, Gradle, pytest, Node's junit reporter. */
    JUNIT_XML,
    /** {@code go test -json}: one JSON event per line. */
    GO_TEST_JSON,
    /** The text libtest prints for {@code cargo test}: {@code test x ... FAILED}, then each failure's output. */
    CARGO_LIBTEST,
    /** The Test Anything Protocol, as {@code node --test} prints it by default. */
    TAP
}
