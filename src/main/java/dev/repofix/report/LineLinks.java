package dev.repofix.report;

import java.nio.charset.StandardCharsets;

/**
 * The path part of a link to a repository file's line. A path is the run's text (a file
 * name of the repository, or of a saved report.json), so it is percent-encoded whole: no
 * space, parenthesis, angle bracket, {@code ?} or {@code #} of it can end the Markdown link
 * or the URL's path early. Pure static functions.
 */
final class LineLinks {
    /** A longer path is named, not linked: its link could fill a comment (GitHub keeps paths far shorter). */
    static final int MAX_PATH = 1_000;

    private LineLinks() {}

    /**
     * Whether {@code path} may be linked: not empty, at most {@link #MAX_PATH} characters, with
     * no {@code .} or {@code ..} segment, which a browser would resolve to another page of the site.
     */
    static boolean linkable(String path) {
        if (path.isEmpty() || path.length() > MAX_PATH) {
            return false;
        }
        for (String segment : path.split("/", -1)) {
            if (segment.equals(".") || segment.equals("..")) {
                return false;
            }
        }
        return true;
    }

    /** {@code path} with every byte but the unreserved characters (RFC 3986) and {@code /} percent-encoded. */
    static String encoded(String path) {
        StringBuilder out = new StringBuilder(path.length());
        for (byte b : path.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "-._~/".indexOf(c) >= 0) {
                out.append((char) c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
            }
        }
        return out.toString();
    }
}
