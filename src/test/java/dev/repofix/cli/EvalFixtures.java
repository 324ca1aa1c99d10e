package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.api.Git;

/**
 * Benchmark cases made the way a team makes them: a pytest repository at a commit with
 * four bugs, each case's reference patch split into the fix and the test that shows it.
 */
final class EvalFixtures {
    static final String AGES = """
            def is_adult(age):
                return age > 18


            def is_teen(age):
                return 13 < age <= 19


            def last(xs):
                return xs[len(xs) - 2]
            """;
    static final String TEXT = """
            def shout(s):
                return s.lower() + "!"
            """;
    static final String BASIC_TESTS = """
            from lib.ages import is_adult, is_teen, last
            from lib.text import shout


            def test_child_is_not_adult():
                assert not is_adult(12)


            def test_twenty_is_not_teen():
                assert not is_teen(20)


            def test_last_of_one():
                assert last([7, 7]) == 7


            def test_shout_ends_with_bang():
                assert shout("a").endswith("!")
            """;

    private EvalFixtures() {}

    /** One case: id, the fix (file, line, old, new), and the new test file that fails before it. */
    record Bug(String id, String file, int line, String before, String after, String testFile, String test,
            String title) {}

    static final List<Bug> BUGS = List.of(
            new Bug("ages-adult", "lib/ages.py", 2, "    return age > 18", "    return age >= 18",
                    "tests/test_adult.py", "from lib.ages import is_adult\n\n\ndef test_eighteen_is_adult():\n"
                            + "    assert is_adult(18)\n", "18-year-olds are not adults"),
            new Bug("ages-teen", "lib/ages.py", 6, "    return 13 < age <= 19", "    return 13 <= age <= 19",
                    "tests/test_teen.py", "from lib.ages import is_teen\n\n\ndef test_thirteen_is_teen():\n"
                            + "    assert is_teen(13)\n", "13-year-olds are not teens"),
            new Bug("ages-last", "lib/ages.py", 10, "    return xs[len(xs) - 2]", "    return xs[len(xs) - 1]",
                    "tests/test_last.py", "from lib.ages import last\n\n\ndef test_last_of_three():\n"
                            + "    assert last([1, 2, 3]) == 3\n", "last() returns the one before last"),
            new Bug("text-shout", "lib/text.py", 2, "    return s.lower() + \"!\"", "    return s.upper() + \"!\"",
                    "tests/test_shout.py", "from lib.text import shout\n\n\ndef test_shout_is_upper():\n"
                            + "    assert shout(\"hi\") == \"HI!\"\n", "shout() whispers"));

    /** The repository (committed) under {@code dir}; returns the commit id. */
    static String repository(Path dir) {
        write(dir, Map.of("lib/__init__.py", "", "lib/ages.py", AGES, "lib/text.py", TEXT,
                "tests/test_basic.py", BASIC_TESTS, "pytest.ini", "[pytest]\ntestpaths = tests\n"));
        try (Git git = Git.init().setDirectory(dir.toFile()).setInitialBranch("main").call()) {
            Files.writeString(dir.resolve(".gitignore"), "__pycache__/\n");
            git.add().addFilepattern(".").call();
            return git.commit().setMessage("four bugs").setAuthor("t", "t@example.org")
                    .setCommitter("t", "t@example.org").setSign(false).call().name();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A case file of {@link #BUGS} on a repository made under {@code dir}. */
    static Path caseFile(Path dir) {
        Path repo = dir.resolve("ages");
        String commit = repository(repo);
        ObjectMapper json = new ObjectMapper();
        List<String> lines = new ArrayList<>();
        for (Bug b : BUGS) {
            ObjectNode c = json.createObjectNode();
            c.put("id", b.id());
            c.put("repo", repo.toString());
            c.put("base_commit", commit);
            c.put("language", "python");
            c.putArray("fail_to_pass").add(b.testFile() + "::" + b.test().lines()
                    .filter(l -> l.startsWith("def ")).findFirst().orElseThrow().replaceAll("def (\\w+).*", "$1"));
            c.putArray("pass_to_pass").add("tests/test_basic.py::test_child_is_not_adult");
            ObjectNode issue = c.putObject("issue");
            issue.put("title", b.title());
            issue.put("description", b.title() + ": see " + b.testFile());
            ObjectNode patch = c.putObject("patch");
            patch.put("source", "--- a/" + b.file() + "\n+++ b/" + b.file() + "\n@@ -" + b.line() + " +" + b.line()
                    + " @@\n-" + b.before() + "\n+" + b.after() + "\n");
            List<String> testLines = b.test().lines().toList();
            StringBuilder test = new StringBuilder("--- /dev/null\n+++ b/" + b.testFile() + "\n@@ -0,0 +1,"
                    + testLines.size() + " @@\n");
            testLines.forEach(l -> test.append('+').append(l).append('\n'));
            patch.put("test", test.toString());
            c.putArray("bug_types").add(b.id().startsWith("text") ? "wrong function" : "off-by-one");
            lines.add(c.toString());
        }
        Path file = dir.resolve("cases.jsonl");
        write(dir, Map.of("cases.jsonl", String.join("\n", lines) + "\n"));
        return file;
    }

    /** The JSON objects of a JSON Lines file (a case file), in order. */
    /** The package {@link #packageCase} installs: small, pure Python, and not installed on the machine. */
    static final String PACKAGE = "tabulate";

    /**
     * A case file of one case, {@code table-1}, whose code imports {@value #PACKAGE} and whose
     * {@code setup} installs it from the package index; its pass_to_pass test checks, from
     * inside the test process, that it runs in a venv whose site-packages hold the package.
     */
    static Path packageCase(Path dir) throws IOException {
        Path repo = FixtureRepos.gitRepo(dir.resolve("table"), Map.of(
                "table/__init__.py", "",
                "table/render.py", """
                        from tabulate import tabulate


                        def table(rows):
                            return tabulate(rows[1:], tablefmt="plain")
                        """,
                "tests/test_render.py", """
                        import sys

                        import tabulate

                        from table.render import table


                        def test_in_a_venv_of_its_own():
                            assert sys.prefix != sys.base_prefix
                            assert tabulate.__file__.startswith(sys.prefix)
                        """));
        String commit;
        try (Git git = Git.open(repo.toFile())) {
            commit = git.getRepository().resolve("HEAD").name();
        }
        return tableCase(dir.resolve("package-cases.jsonl"), repo, commit,
                "tests/test_render.py::test_in_a_venv_of_its_own",
                """
                --- a/table/render.py
                +++ b/table/render.py
                @@ -5 +5 @@
                -    return tabulate(rows[1:], tablefmt="plain")
                +    return tabulate(rows, tablefmt="plain")
                """, """
                --- a/tests/test_render.py
                +++ b/tests/test_render.py
                @@ -10,0 +11,4 @@
                +
                +
                +def test_every_row_is_a_line():
                +    assert len(table([["a", 1], ["b", 2]]).splitlines()) == 2
                """,
                "python -m pip install --quiet " + PACKAGE);
    }

    /**
     * A case ({@code table-1}) whose project takes its version from Git (setuptools-scm, from the
     * package index at set-up), tagged v2.0.0 at its base commit, installed by its setup
     * ({@code pip install -e .}); a pass-to-pass test reads the installed version.
     */
    static Path versionedCase(Path dir) throws IOException {
        Path repo = FixtureRepos.gitRepo(dir.resolve("vtable"), Map.of(
                "pyproject.toml", """
                        [build-system]
                        requires = ["setuptools>=64", "setuptools-scm>=8"]
                        build-backend = "setuptools.build_meta"

                        [project]
                        name = "vtable"
                        dynamic = ["version"]

                        [tool.setuptools]
                        packages = ["vtable"]

                        [tool.setuptools_scm]
                        """,
                "vtable/__init__.py", "",
                "vtable/render.py", """
                        def table(rows):
                            return "\\n".join(" ".join(str(c) for c in row) for row in rows[1:])
                        """,
                "tests/test_render.py", """
                        from importlib.metadata import version

                        from vtable.render import table


                        def test_installed_as_the_tag_says():
                            assert version("vtable").startswith("2.0")
                        """));
        String commit;
        try (Git git = Git.open(repo.toFile())) {
            git.tag().setName("v2.0.0").setAnnotated(false).call();
            commit = git.getRepository().resolve("HEAD").name();
        } catch (org.eclipse.jgit.api.errors.GitAPIException e) {
            throw new IOException(e);
        }
        return tableCase(dir.resolve("versioned-cases.jsonl"), repo, commit,
                "tests/test_render.py::test_installed_as_the_tag_says",
                """
                --- a/vtable/render.py
                +++ b/vtable/render.py
                @@ -2 +2 @@
                -    return "\\n".join(" ".join(str(c) for c in row) for row in rows[1:])
                +    return "\\n".join(" ".join(str(c) for c in row) for row in rows)
                """, """
                --- a/tests/test_render.py
                +++ b/tests/test_render.py
                @@ -7,0 +8,4 @@
                +
                +
                +def test_every_row_is_a_line():
                +    assert len(table([["a", 1], ["b", 2]]).splitlines()) == 2
                """,
                "python -m pip install --quiet -e .");
    }

    /**
     * Writes {@code file}: one case {@code table-1} of {@code repo} at {@code commit} whose bug drops
     * a table's first row (fail-to-pass {@code test_every_row_is_a_line}, added by {@code testPatch}),
     * with {@code passToPass}, the fix {@code sourcePatch} and one {@code setup} command.
     */
    private static Path tableCase(Path file, Path repo, String commit, String passToPass, String sourcePatch,
            String testPatch, String setup) throws IOException {
        ObjectNode c = new ObjectMapper().createObjectNode();
        c.put("id", "table-1").put("repo", repo.toString()).put("base_commit", commit).put("language", "python")
                .put("test_command", "python -m pytest -q");
        c.putArray("fail_to_pass").add("tests/test_render.py::test_every_row_is_a_line");
        c.putArray("pass_to_pass").add(passToPass);
        c.putObject("issue").put("title", "table() drops the first row").put("description",
                "table([['a', 1], ['b', 2]]) has one line");
        c.putObject("patch").put("source", sourcePatch).put("test", testPatch);
        c.putArray("setup").add(setup);
        Files.writeString(file, c + "\n");
        return file;
    }

    /** Gold's and the empty patch's run records of {@code eval check --run}. */
    record Sanity(JsonNode gold, JsonNode empty) {}

    /**
     * {@code eval check --run} of {@code cases} (its one case {@code table-1}) with the cache folder
     * under {@code temp} and {@code extra} variables: it must say the case is sound, gold FIXED and
     * the empty patch NOT_FIXED.
     */
    static Sanity checkedSound(Path temp, Path cases, Map<String, String> extra) throws IOException {
        Map<String, String> vars = new java.util.HashMap<>(extra);
        vars.put("REPOFIX_CACHE_DIR", temp.resolve("cache").toString());
        RunOutput check = RunOutput.run(temp.resolve("work"), temp.resolve("unused"), vars, "eval", "check",
                "--cases", cases.toString(), "--run", "--out", temp.resolve("sanity").toString());
        assertThat(check.exitCode()).as(check.stdout() + check.stderr()).isZero();
        assertThat(check.stdout()).contains("table-1: OK");
        Sanity sanity = new Sanity(EvalRunEndToEndTest.results(temp.resolve("sanity/gold")).getFirst().path("record"),
                EvalRunEndToEndTest.results(temp.resolve("sanity/empty")).getFirst().path("record"));
        assertThat(sanity.gold().path("status").asText()).isEqualTo("FIXED");
        assertThat(sanity.empty().path("status").asText()).isEqualTo("NOT_FIXED");
        return sanity;
    }

    static List<JsonNode> jsonLines(Path file) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            out.add(json.readTree(line));
        }
        return out;
    }

    private static void write(Path dir, Map<String, String> files) {
        try {
            for (Map.Entry<String, String> e : files.entrySet()) {
                Path p = dir.resolve(e.getKey());
                Files.createDirectories(p.getParent());
                Files.writeString(p, e.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
