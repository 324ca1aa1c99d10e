package dev.repofix.exec;

import dev.repofix.config.HostEnvironment;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
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

    /** Names refused even when a build asks for them. */
    private static final Pattern SECRET = Pattern.compile(
            ".*(TOKEN|SECRET|PASSW|PASSPHRASE|CREDENTIAL|API_?KEY|ACCESS_?KEY|PRIVATE|AUTH|SESSION|COOKIE).*");

    private CleanEnvironment() {}

    /**
     * Builds the environment from the allowlist, the build's own names and the
     * build's extra values (which win). {@code CI=true} tells tools not to prompt.
     */
    public static Map<String, String> of(HostEnvironment host, Collection<String> buildNames, Map<String, String> extra) {
        Set<String> names = new LinkedHashSet<>(BASE);
        names.addAll(buildNames);
        Map<String, String> env = new TreeMap<>();
        for (String name : names) {
            if (!isSecretName(name)) {
                host.get(name).ifPresent(v -> env.put(name, v));
            }
        }
        env.put("CI", "true");
        env.putAll(extra);
        return env;
    }

    /** Whether a variable's name suggests it carries a credential. */
    public static boolean isSecretName(String name) {
        return SECRET.matcher(name.toUpperCase(Locale.ROOT)).matches();
    }
}
