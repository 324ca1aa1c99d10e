package dev.repofix.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * One repofix cache folder ({@code target/test-env-cache}) that the tests of a build share, so that
 * an environment with the same defining files (a venv with pytest, a Maven repository resolved for
 * the same {@code pom.xml}, Go modules, crates) is set up once per build instead of once per test
 * class, and the JUnit Platform jars screening fetches ({@code tools/}) are fetched once.
 *
 * <p>Sharing is safe: {@link EnvironmentStore} keys each environment by a hash of what defines it,
 * builds it under a file lock (other test JVMs, other threads wait) and writes {@code .ready} last.
 * It lives under {@code target/}, so {@code mvn clean} (and every fresh CI checkout) starts empty,
 * the quick suite's set-ups are reused by the slow suite that {@code .ci/run} runs after it, and no
 * test writes into the user's own cache.
 *
 * <p>How to adopt it in a new slow or docker test:
 * <ul>
 *   <li>a test that calls {@link EnvironmentSetup} (or anything taking a cache folder) itself: pass
 *       {@link #dir()} instead of a folder of its {@code @TempDir};</li>
 *   <li>a test that runs the {@code repofix} command in-process (the {@code cli} tests'
 *       {@code RunOutput}): add {@link #variables()} to the run's extra variables (it sets
 *       {@code REPOFIX_CACHE_DIR}).</li>
 * </ul>
 * Do not share it in a test that asserts a set-up was built rather than reused ({@code reused()}
 * false, a count of stored environments), or that the cache starts empty: such a test keeps a
 * cache folder of its own in its {@code @TempDir}, since an earlier test (or an earlier run in the
 * same checkout) may have prepared the same key. The model's response cache lives in the same
 * folder; a test with a fake model server that must see every request turns it off
 * ({@code REPOFIX_CACHE=false}) as before.
 */
public final class SharedEnvironmentCache {
    /** The folder, relative to the module's folder (surefire's working folder). */
    static final Path FOLDER = Path.of("target", "test-env-cache");

    private SharedEnvironmentCache() {}

    /** The shared cache folder, absolute, created when missing. */
    public static Path dir() {
        Path dir = FOLDER.toAbsolutePath().normalize();
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the tests' shared cache folder " + dir, e);
        }
    }

    /** The variables that point an in-process {@code repofix} run at {@link #dir()}. */
    public static Map<String, String> variables() {
        return Map.of("REPOFIX_CACHE_DIR", dir().toString());
    }
}
