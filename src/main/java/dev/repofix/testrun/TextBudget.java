package dev.repofix.testrun;

/**
 * How much failure text (messages, traces) one test run may keep of all its reports, so
 * that reports of any size parse in bounded memory: each text at most
 * {@value #MAX_TEXT_CHARS} characters, and once {@value #MAX_RUN_TEXT_CHARS} are kept,
 * each later one only its first {@value #CUT_TEXT_CHARS}. With at most
 * {@value ReportBudget#MAX_FAILURES_KEPT} failures keeping text, the whole is bounded
 * whether the run has many small failures or one large one. A cut text ends with a line
 * saying how much was left out.
 */
final class TextBudget {
    /** More than any real trace: a JVM prints at most 1024 frames per exception. */
    static final int MAX_TEXT_CHARS = 1024 * 1024;
    /** Per run, all reports together: a thousand failures with 16 Ki characters of trace each. */
    static final int MAX_RUN_TEXT_CHARS = 16 * 1024 * 1024;
    /** What a failure keeps once the report's budget is spent: the message and the top of the trace. */
    static final int CUT_TEXT_CHARS = 8 * 1024;

    private long kept;
    private long seenOfCurrent;

    /** Appends to {@code text} what fits of {@code chars[start, start+length)}. */
    void append(StringBuilder text, char[] chars, int start, int length) {
        seenOfCurrent += length;
        int room = limit() - text.length();
        if (room > 0) {
            text.append(chars, start, Math.min(room, length));
        }
    }

    /** The text read into {@code text}, with a note when some was left out; counts it against the budget. */
    String finish(StringBuilder text) {
        long left = seenOfCurrent - text.length();
        seenOfCurrent = 0;
        kept += text.length();
        return left > 0 ? text + "\n[repofix kept the first " + text.length() + " characters; " + left + " more left out]"
                : text.toString();
    }

    /** {@code value} (an attribute, read whole by the parser) cut to what the budget allows. */
    String cut(String value) {
        if (value.length() <= limit()) {
            kept += value.length();
            return value;
        }
        StringBuilder text = new StringBuilder();
        append(text, value.toCharArray(), 0, value.length());
        return finish(text);
    }

    private int limit() {
        return kept < MAX_RUN_TEXT_CHARS ? MAX_TEXT_CHARS : CUT_TEXT_CHARS;
    }
}
