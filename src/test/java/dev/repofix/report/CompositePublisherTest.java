package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.pipeline.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class CompositePublisherTest {
    private final List<String> ran = new ArrayList<>();

    private Publisher publisher(String what, Function<RunResult, Publication> publish) {
        return new Publisher() {
            @Override
            public String what() {
                return what;
            }

            @Override
            public Publication publish(RunResult result) {
                ran.add(what);
                return publish.apply(result);
            }
        };
    }

    @Test
    void aThrowingFirstPublisherIsAWarningAndTheSecondStillRuns() {
        CompositePublisher composite = new CompositePublisher("the pull request", List.of(
                publisher("the check run", r -> {
                    throw new IllegalStateException("connection reset");
                }),
                publisher("the pull-request comment", r -> new Publication(List.of("comment created 1"), List.of()))));

        Publication p = composite.publish(RunResults.fixed());

        assertThat(ran).containsExactly("the check run", "the pull-request comment");
        assertThat(p.posted()).containsExactly("comment created 1");
        assertThat(p.warnings()).singleElement().asString()
                .contains("could not publish the check run").contains("connection reset");
    }

    @Test
    void keepsEveryPublishersNotesInOrder() {
        CompositePublisher composite = new CompositePublisher("all", List.of(
                publisher("a", r -> Publication.notice("left out: fork")),
                publisher("b", r -> Publication.of(List.of("x"), List.of("refused: 422"))),
                publisher("c", r -> null)));

        Publication p = composite.publish(RunResults.fixed());

        assertThat(p.notes()).extracting(Publication.Note::text).hasSize(3)
                .startsWith("left out: fork", "refused: 422");
        assertThat(p.notes().get(0)).isInstanceOf(Publication.Note.Notice.class);
        assertThat(p.warnings()).hasSize(2).last().asString().contains("could not publish c");
        assertThat(p.posted()).containsExactly("x");
    }
}
