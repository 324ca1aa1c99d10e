package dev.repofix.env;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;

/**
 * A Python interpreter installed on this machine.
 *
 * @param executable   its real executable (not a shim)
 * @param version      its release, e.g. {@code 3.9.18}
 * @param pathDefault  whether it is the one {@code python3} on {@code PATH} runs
 */
record PythonInterpreter(Path executable, String version, boolean pathDefault) {
    PythonInterpreter {
        Objects.requireNonNull(executable, "executable");
        Objects.requireNonNull(version, "version");
    }

    int[] release() {
        return Arrays.stream(version.split("\\.")).mapToInt(Integer::parseInt).toArray();
    }

    /** {@code 3.9}. */
    String minor() {
        String[] parts = version.split("\\.");
        return parts[0] + "." + parts[1];
    }
}
