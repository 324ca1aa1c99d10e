package dev.repofix.exec;

import dev.repofix.config.HostEnvironment;
import dev.repofix.config.UrlCredentials;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The environment untrusted code (tests, patched builds) gets: an allowlist of the
 * caller's variables, never anything that looks like a credential. A CI runner's
 * environment is full of tokens; none of them may reach a repository's tests.
 */
public final class CleanEnvironment {
    /** Always passed when set: what any build needs to find tools and write files. */
    static final List<String> BASE = List.of(
            "PATH", "HOME", "USER", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR", "JAVA_HOME");

    /**
     * Search paths a build puts its own entries into: they go before the caller's, so the
     * copy under test is found first, and the caller's entries still resolve the rest.
     */
    static final Set<String> SEARCH_PATHS = Set.of("PYTHONPATH");

    /** Names refused even when a build asks for them: these words anywhere in the name. */
    private static final Pattern SECRET = Pattern.compile(
            ".*(TOKEN|SECRET|PASSW|PASSPHRASE|CREDENTIAL|API_?KEY|ACCESS_?KEY|PRIVATE|AUTH|SESSION|COOKIE).*");
    /**
     * Short words that name a credential when they end a name ({@code sonar.login}, {@code nexus.pw},
     * {@code deploy.pass}, {@code repo.pwd}, {@code signing.key}, {@code signingKey}). Followed by
     * another word they name something about it ({@code keyStore}, {@code keyStoreType},
     * {@code login.timeout}), and inside a word they are another word ({@code keystore},
     * {@code passthrough}, {@code monkey}): those are kept.
     */
    private static final Set<String> LAST_WORDS = Set.of("KEY", "PW", "PWD", "PASS", "LOGIN");
    /** Between the words of a name: dots, dashes, underscores, and a lower-case letter before a capital. */
    private static final Pattern WORD_BREAK = Pattern.compile("[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])");

    /**
     * A named option: {@code -Dname[=v]}, {@code --name[=v]}, {@code -name=v}; groups: the
     * dashes, the name, the value part. A lone {@code -Xmx1g} is no name=value option.
     */
    private static final Pattern OPTION = Pattern.compile("^(-D|--|-(?=[^=]*=))([A-Za-z][\\w.-]*)(=.*)?$");

    private CleanEnvironment() {}

    /**
     * Builds the environment from the allowlist, the build's own names and the
     * build's extra values (which win; a search path such as {@code PYTHONPATH} is put
     * before the caller's value instead). {@code CI=true} tells tools not to prompt.
     */
    public static Map<String, String> of(HostEnvironment host, Collection<String> buildNames, Map<String, String> extra) {
        Set<String> names = new LinkedHashSet<>(BASE);
        names.addAll(buildNames);
        Map<String, String> env = new TreeMap<>();
        for (String name : names) {
            if (!isSecretName(name)) {
                host.get(name).map(CleanEnvironment::withoutCredentials).filter(v -> !v.isBlank())
                        .ifPresent(v -> env.put(name, v));
            }
        }
        env.put("CI", "true");
        extra.forEach((name, value) -> env.merge(name, value,
                (callers, builds) -> SEARCH_PATHS.contains(name) ? builds + ":" + callers : builds));
        return env;
    }

    /**
     * {@code value} without the words that carry a credential: an option whose name looks
     * like one ({@code -Dgpg.passphrase=x}, {@code --password=x}, {@code --token x}) and a
     * URL with user info ({@code https://user:pw@host}, {@code https://token@host}).
     * Options variables such as {@code MAVEN_OPTS} are let through for their heap and
     * proxy settings, and CI set-ups put signing passphrases and repository passwords
     * into them too. A value with none is returned as it is.
     */
    static String withoutCredentials(String value) {
        String[] words = value.strip().split("\\s+");
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < words.length; i++) {
            String word = words[i];
            Matcher option = OPTION.matcher(word);
            if (UrlCredentials.present(word)) {
                continue;
            }
            if (option.matches() && isSecretName(option.group(2))) {
                if (option.group(1).equals("--") && option.group(3) == null) {
                    i++; // "--password value": the value is the next word
                }
                continue;
            }
            kept.add(word);
        }
        return kept.size() == words.length ? value : String.join(" ", kept);
    }

    /**
     * Whether a variable's or an option's name suggests it carries a credential ({@code *TOKEN*},
     * {@code *PASSW*}, ..., or a name ending in the word {@code key}, {@code pw}, {@code pwd},
     * {@code pass} or {@code login}), or is one of GitHub's runner internals ({@code ACTIONS_*}:
     * the cache, results and OIDC endpoints that the runtime token opens), which no test has any
     * use for.
     */
    public static boolean isSecretName(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        return SECRET.matcher(upper).matches() || upper.startsWith("ACTIONS_") || endsInCredentialWord(name);
    }

    private static boolean endsInCredentialWord(String name) {
        String[] words = WORD_BREAK.split(name);
        return words.length > 0 && LAST_WORDS.contains(words[words.length - 1].toUpperCase(Locale.ROOT));
    }
}
