package dev.repofix.report;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;

/**
 * GitHub Actions workflow commands and the output-file format, escaped the way the
 * runner reads them: {@code %}, CR and LF in a message (so it stays one command and no
 * {@code ::} line of its text starts another), also {@code :} and {@code ,} in a property;
 * the text of annotations, warnings and groups {@link Markdown#visible} first (no ANSI
 * escape, NUL or bidi control of a test's output in the log). A mask's value is taken
 * exactly. Pure static functions.
 */
public final class WorkflowCommands {
    private static final SecureRandom RANDOM = new SecureRandom();

    private WorkflowCommands() {}

    /** {@code ::add-mask::value}: the runner hides the value in every later log line. */
    public static String mask(String secret) {
        return "::add-mask::" + data(secret);
    }

    public static String group(String title) {
        return "::group::" + data(Markdown.visible(title));
    }

    public static String endGroup() {
        return "::endgroup::";
    }

    /** {@code ::error file=F,line=N,title=T::message}, an annotation at a line. */
    public static String error(String file, int line, String title, String message) {
        return "::error file=" + property(Markdown.visible(file)) + ",line=" + line + ",title="
                + property(Markdown.visible(title)) + "::" + data(Markdown.visible(message));
    }

    public static String warning(String message) {
        return "::warning::" + data(Markdown.visible(message));
    }

    public static String notice(String message) {
        return "::notice::" + data(Markdown.visible(message));
    }

    /** Escapes a command's message: {@code %}, CR and LF. */
    static String data(String s) {
        return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
    }

    /** Escapes a property value: as data, plus {@code :} and {@code ,}. */
    static String property(String s) {
        return data(s).replace(":", "%3A").replace(",", "%2C");
    }

    /**
     * Entries for {@code GITHUB_OUTPUT} in the multi-line form {@code name<<DELIM},
     * with a random delimiter that no value contains.
     */
    public static String outputs(Map<String, String> values) {
        StringBuilder sb = new StringBuilder();
        values.forEach((name, value) -> {
            String delimiter;
            do {
                byte[] b = new byte[12];
                RANDOM.nextBytes(b);
                delimiter = "repofix_" + HexFormat.of().formatHex(b);
            } while (value.contains(delimiter));
            sb.append(name).append("<<").append(delimiter).append('\n').append(value).append('\n')
                    .append(delimiter).append('\n');
        });
        return sb.toString();
    }
}
