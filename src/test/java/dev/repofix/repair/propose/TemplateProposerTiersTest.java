package dev.repofix.repair.propose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.repair.templates.LineEdit;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 32's families come after every edit of the others, which keep the order they had. */
class TemplateProposerTiersTest {
    private static TemplateProposer.Proposal p(String template, int line, String text) {
        return new TemplateProposer.Proposal(template, "A.java", new LineEdit(line, text, text), text);
    }

    @Test
    void newFamiliesComeAfterEveryEditOfTheOthers() {
        List<TemplateProposer.Proposal> line1 = List.of(p("relational-op", 1, "a"), p("insert-statement", 1, "b"),
                p("off-by-one", 1, "c"));
        List<TemplateProposer.Proposal> line2 = List.of(p("wrap-call", 2, "d"));
        List<TemplateProposer.Proposal> line3 = List.of(p("negate-condition", 3, "e"), p("receiver", 3, "f"));

        List<TemplateProposer.Proposal> ordered = TemplateProposer.tiered(List.of(line1, line2, line3));

        // today's: line 1 and line 3 (line 2 had none) along diagonals, as before issue 32
        assertThat(ordered).extracting(x -> x.edit().replacement()).containsExactly("a", "c", "e", "b", "d", "f");
    }
}
