package dev.repofix.config;

import java.util.regex.Pattern;

/**
 * A credential written into a URL's user info ({@code https://user:password@host},
 * {@code https://x-access-token:TOKEN@host}, {@code https://TOKEN@host}): the one rule that
 * finds and masks it wherever a URL the operator gave is shown, kept or passed on. The whole
 * user info is masked, the user name too: some hosts take the token as the user name.
 */
public final class UrlCredentials {
    /**
     * From {@code ://} to the last {@code @} before the path: a password with an unescaped
     * {@code @} or {@code ?} is still masked whole. An {@code @} in the path or query is none.
     */
    private static final Pattern USER_INFO = Pattern.compile("://[^/\\s]+@");

    private UrlCredentials() {}

    /** {@code text} with the user info of every URL in it as {@code ***}; the same text when it has none. */
    public static String masked(String text) {
        return USER_INFO.matcher(text).replaceAll("://***@");
    }

    /** Whether {@code text} holds a URL with user info. */
    public static boolean present(String text) {
        return USER_INFO.matcher(text).find();
    }
}
