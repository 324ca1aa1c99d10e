package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.eval.inject.ShopProject;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix eval inject --count 8} on a Maven project of three small classes: eight
 * cases, of several kinds (the syntax-tree operators as well as the token ones). Slow:
 * every try runs Maven.
 */
@Tag("slow")
class EvalInjectJavaEndToEndTest {
    @TempDir
    Path temp;

    @Test
    void aJavaProjectOfThreeClassesGivesTheCountAskedForOfSeveralKinds() throws IOException {
        Path repo = FixtureRepos.gitRepo(temp.resolve("shop"), ShopProject.files(FixtureRepos.JUNIT_POM));

        RunOutput inject = RunOutput.run(temp.resolve("work"), temp.resolve("unused"), "eval", "inject", "--repo",
                repo.toString(), "--count", "8", "--seed", "1", "--out", temp.resolve("inj").toString());

        assertThat(inject.exitCode()).as(inject.stdout() + inject.stderr()).isZero();
        assertThat(inject.stdout()).contains("made 8 of 8 case(s)");
        List<JsonNode> cases = EvalFixtures.jsonLines(temp.resolve("inj/cases.jsonl"));
        Set<String> kinds = new TreeSet<>();
        cases.forEach(c -> c.path("tags").forEach(t -> kinds.add(t.asText())));
        kinds.removeAll(Set.of("injected", "in-builtin-templates", "outside-builtin-templates", "multi-hop"));
        assertThat(cases).hasSize(8).allSatisfy(c -> assertThat(c.path("fail_to_pass")).isNotEmpty());
        assertThat(kinds).as(inject.stdout()).hasSizeGreaterThanOrEqualTo(3);
    }
}
