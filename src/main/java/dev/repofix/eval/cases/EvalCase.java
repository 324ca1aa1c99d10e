package dev.repofix.eval.cases;

import dev.repofix.workspace.Language;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One benchmark case: a repository at a commit, the tests its bug fails, the reference
 * issue and the reference patch. One line of a case file (docs/eval.md, "Case format");
 * {@link CaseFile} reads and writes them. No component is null; lists are copied.
 *
 * @param id                     unique in its file and safe as a file name: {@code [A-Za-z0-9._-]+}, at most 200
 * @param repo                   a clone URL or a local path
 * @param baseCommit             the commit the bug is at
 * @param testCommand            runs the tests; empty: detected from the build
 * @param language               one of {@link #LANGUAGES}; picks the test-path rules
 * @param failToPass             tests that fail at {@code baseCommit} and pass with the patch; at least one
 * @param passToPass             tests that pass before and after
 * @param issue                  the reference issue
 * @param explanation            the reference explanation of the bug
 * @param patch                  the reference patch, its source part and its test part
 * @param cause                  where the bug is made
 * @param effect                 where the bug surfaces
 * @param bugTypes               kinds of bug, free text
 * @param difficulty             free text
 * @param tags                   free text
 * @param setup                  shell commands that install what the tests need, run with network before
 *                               the offline test runs
 * @param environmentSetupCommit the commit whose dependencies {@code setup} installs, when not {@code baseCommit}
 * @param createdAt              when the bug was reported or fixed, as the source wrote it
 * @param hints                  what the reporters said beyond the issue
 * @param version                the project's version at {@code baseCommit}, as SWE-bench writes it
 * @param environment            what the tests need set up; when present its set-up replaces {@code setup}
 * @param testFiles              the test files (repository-relative) whose tests every run of the case runs, as
 *                               SWE-bench's test directives; empty: the whole suite
 */
public record EvalCase(String id, String repo, String baseCommit, Optional<String> testCommand, String language,
        List<String> failToPass, List<String> passToPass, ReferenceIssue issue, Optional<String> explanation,
        ReferencePatch patch, Optional<CaseLine> cause, Optional<CaseLine> effect, List<String> bugTypes,
        Optional<String> difficulty, List<String> tags, List<String> setup, Optional<String> environmentSetupCommit,
        Optional<String> createdAt, Optional<String> hints, Optional<String> version,
        Optional<CaseEnvironment> environment, List<String> testFiles) {
    /** The languages a case may name: the ecosystems with test-path rules. */
    public static final List<String> LANGUAGES = Stream.concat(Language.withEcosystem().stream().map(Language::key),
            Stream.of("generic")).toList();
    /** Ids name result files, so they are kept to what every file system takes. */
    public static final Pattern ID = Pattern.compile("[A-Za-z0-9._-]{1,200}");

    public EvalCase {
        Objects.requireNonNull(id, "id");
        if (!ID.matcher(id).matches()) {
            throw new IllegalArgumentException("case id must be 1 to 200 of A-Z a-z 0-9 . _ -: '" + id + "'");
        }
        requireText(repo, "repo");
        requireText(baseCommit, "baseCommit");
        Objects.requireNonNull(testCommand, "testCommand");
        Objects.requireNonNull(language, "language");
        if (!LANGUAGES.contains(language)) {
            throw new IllegalArgumentException("language must be one of " + LANGUAGES + ": " + language);
        }
        failToPass = List.copyOf(failToPass);
        if (failToPass.isEmpty()) {
            throw new IllegalArgumentException("case " + id + " needs at least one fail_to_pass test");
        }
        passToPass = List.copyOf(passToPass);
        Objects.requireNonNull(issue, "issue");
        Objects.requireNonNull(explanation, "explanation");
        Objects.requireNonNull(patch, "patch");
        Objects.requireNonNull(cause, "cause");
        Objects.requireNonNull(effect, "effect");
        bugTypes = List.copyOf(bugTypes);
        Objects.requireNonNull(difficulty, "difficulty");
        tags = List.copyOf(tags);
        setup = List.copyOf(setup);
        Objects.requireNonNull(environmentSetupCommit, "environmentSetupCommit");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(hints, "hints");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(environment, "environment");
        testFiles = List.copyOf(testFiles);
    }

    /** A case with no version and no environment of its own, whose runs run the whole suite. */
    public EvalCase(String id, String repo, String baseCommit, Optional<String> testCommand, String language,
            List<String> failToPass, List<String> passToPass, ReferenceIssue issue, Optional<String> explanation,
            ReferencePatch patch, Optional<CaseLine> cause, Optional<CaseLine> effect, List<String> bugTypes,
            Optional<String> difficulty, List<String> tags, List<String> setup, Optional<String> environmentSetupCommit,
            Optional<String> createdAt, Optional<String> hints) {
        this(id, repo, baseCommit, testCommand, language, failToPass, passToPass, issue, explanation, patch, cause,
                effect, bugTypes, difficulty, tags, setup, environmentSetupCommit, createdAt, hints, Optional.empty(),
                Optional.empty(), List.of());
    }

    /**
     * The set-up commands of this case's environment: its {@code environment}'s when it has one,
     * else {@code setup}.
     */
    public List<String> setupCommands() {
        return environment.map(CaseEnvironment::setupCommands).orElse(setup);
    }

    /** The test command: the case's own, else its environment's {@code test_cmd}; empty: detected. */
    public Optional<String> effectiveTestCommand() {
        return testCommand.or(() -> environment.flatMap(CaseEnvironment::testCmd));
    }

    /**
     * The reference locations: the lines of the original files that {@code patch.source}
     * removes or modifies, import lines excluded (see {@link ReferenceLocations}).
     */
    public List<CaseLine> locations() {
        return ReferenceLocations.derive(patch.source());
    }

    private static void requireText(String value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isBlank()) {
            throw new IllegalArgumentException(name + " must not be blank");
        }
    }
}
