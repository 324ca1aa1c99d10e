package dev.repofix.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;

/** Builds small Git repositories for end-to-end tests. */
final class FixtureRepos {
    /**
     * A JUnit 5 project's {@code pom.xml}. Always the same bytes, so the Maven set-up it calls for
     * (a full resolution into an empty repository, the better part of a minute) is made once in the
     * {@link dev.repofix.env.SharedEnvironmentCache} and reused by every fixture using it: give a
     * fixture its own variant only when its set-up must run anew.
     */
    static final String JUNIT_POM = """
            <?xml version="1.0" encoding="UTF-8"?>
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <groupId>fixture</groupId>
              <artifactId>fixture</artifactId>
              <version>1.0</version>
              <properties>
                <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
                <maven.compiler.release>17</maven.compiler.release>
              </properties>
              <dependencies>
                <dependency>
                  <groupId>org.junit.jupiter</groupId>
                  <artifactId>junit-jupiter</artifactId>
                  <version>5.11.4</version>
                  <scope>test</scope>
                </dependency>
              </dependencies>
              <build>
                <plugins>
                  <plugin>
                    <artifactId>maven-compiler-plugin</artifactId>
                    <version>3.13.0</version>
                  </plugin>
                  <plugin>
                    <artifactId>maven-surefire-plugin</artifactId>
                    <version>3.5.2</version>
                  </plugin>
                </plugins>
              </build>
            </project>
            """;

    private FixtureRepos() {}

    /** Writes {@code files} (path to content) under {@code dir}, then commits them to a new repository. */
    static Path gitRepo(Path dir, Map<String, String> files) {
        try {
            write(dir, files);
            commitAll(dir);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path dir, Map<String, String> files) throws IOException {
        for (Map.Entry<String, String> e : files.entrySet()) {
            Path p = dir.resolve(e.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, e.getValue(), StandardCharsets.UTF_8);
        }
    }

    /**
     * Writes {@code files}, makes each of {@code links} (path to target) a symbolic link,
     * then commits them all to a new repository: the links are tracked as links.
     */
    static Path gitRepo(Path dir, Map<String, String> files, Map<String, Path> links) {
        try {
            write(dir, files);
            for (Map.Entry<String, Path> link : links.entrySet()) {
                Path p = dir.resolve(link.getKey());
                Files.createDirectories(p.getParent());
                Files.createSymbolicLink(p, link.getValue());
            }
            commitAll(dir);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Copies a bundled example into {@code dir} and commits it, as a user's clone would be. */
    static Path example(String name, Path dir) {
        return example(name, dir, Map.of());
    }

    /** A bundled example with {@code extra} files (path to content) added in the same commit. */
    static Path example(String name, Path dir, Map<String, String> extra) {
        Path source = Path.of("examples", name);
        try (Stream<Path> walk = Files.walk(source)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                String rel = source.relativize(p).toString();
                if (rel.startsWith("target") || rel.contains("__pycache__") || rel.contains(".pytest_cache")) {
                    continue;
                }
                Path to = dir.resolve(rel);
                Files.createDirectories(to.getParent());
                Files.copy(p, to);
            }
            write(dir, extra);
            commitAll(dir);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void commitAll(Path dir) {
        try (Git git = Git.init().setDirectory(dir.toFile()).setInitialBranch("main").call()) {
            Files.writeString(dir.resolve(".gitignore"), "target/\n__pycache__/\n.pytest_cache/\n");
            git.add().addFilepattern(".").call();
            git.commit().setMessage("fixture").setAuthor("t", "t@example.org").setCommitter("t", "t@example.org")
                    .setSign(false).call();
        } catch (GitAPIException | IOException e) {
            throw new IllegalStateException("cannot create fixture repository in " + dir, e);
        }
    }

    /**
     * A pytest project whose range check includes its upper bound, with tests weak enough that
     * several one-token fixes pass them ({@code v < hi}, but also {@code lo == v}).
     */
    static Path weakRangeTests(Path dir) {
        return gitRepo(dir, Map.of(
                "span.py", "def in_range(v, lo, hi):\n    return lo <= v and v <= hi\n",
                "test_span.py", "from span import in_range\n\n\ndef test_upper_bound_is_excluded():\n"
                        + "    assert not in_range(10, 0, 10)\n\n\ndef test_lower_bound_is_included():\n"
                        + "    assert in_range(0, 0, 10)\n"));
    }

    /** Path to content hash of every file under {@code dir}, to prove a run wrote nothing there. */
    static Map<String, String> snapshot(Path dir) {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                MessageDigest md = MessageDigest.getInstance("SHA-256");
                out.put(dir.relativize(p).toString(), HexFormat.of().formatHex(md.digest(Files.readAllBytes(p))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }
}
