package dev.repofix.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The environment of a sandboxed command: the command's own variables minus those that
 * describe the host (its paths, its user) and minus anything credential-like, plus the
 * sandbox's home, temp folder and cache variables. The image supplies {@code PATH}.
 */
final class SandboxEnvironment {
    /** The sandbox's writable home, on the {@code /tmp} RAM disk. */
    static final String HOME = "/tmp/home";

    /** Host paths and identities: meaningless, or misleading, inside the container. */
    static final Set<String> HOST_SPECIFIC = Set.of("PATH", "HOME", "USER", "LOGNAME", "SHELL", "PWD", "TMPDIR",
            "JAVA_HOME", "MAVEN_HOME", "M2_HOME", "VIRTUAL_ENV", "PYENV_ROOT", "CONDA_PREFIX", "GOROOT", "GOPATH",
            "GOMODCACHE", "GOCACHE");

    private SandboxEnvironment() {}

    /** {@code NAME=value} entries, sorted by name. */
    static List<String> of(Map<String, String> command, Map<String, String> caches) {
        Map<String, String> env = new TreeMap<>();
        command.forEach((name, value) -> {
            if (!HOST_SPECIFIC.contains(name) && !CleanEnvironment.isSecretName(name)) {
                env.put(name, value);
            }
        });
        env.put("HOME", HOME);
        env.put("TMPDIR", "/tmp");
        caches.forEach((name, value) -> env.merge(name, value,
                // The command's own Maven arguments still apply, after ours.
                (theirs, ours) -> name.equals("MAVEN_ARGS") ? ours + " " + theirs : ours));
        List<String> out = new ArrayList<>();
        env.forEach((name, value) -> out.add(name + "=" + value));
        return out;
    }
}
