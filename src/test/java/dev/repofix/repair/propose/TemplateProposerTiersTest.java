package dev.repofix.repair.propose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.repair.templates.LineEdit;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 32's families come after the others' first places, which keep the order they had, then mix in. */
class TemplateProposerTiersTest {
    private static TemplateProposer.Proposal p(String template, int line, String text) {
        return new TemplateProposer.Proposal(template, "A.java", new LineEdit(line, text, text), text);
    }

    private static TemplateProposer.Proposal py(String template, int line, String text) {
        return new TemplateProposer.Proposal(template, "pkg/a.py", new LineEdit(line, text, text), text);
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

    @Test
    void pythonNewFamiliesComeAfterEveryEditOfTheOthers() {
        List<TemplateProposer.Proposal> line1 = List.of(py("relational-op", 1, "a"), py("type-test", 1, "b"),
                py("swap-names", 1, "c"), py("off-by-one", 1, "d"));
        List<TemplateProposer.Proposal> line2 = List.of(py("missing-jump", 2, "e"), py("compound-op", 2, "f"));
        List<TemplateProposer.Proposal> line3 = List.of(py("wrong-variable", 3, "g"), py("insert-statement", 3, "h"));

        List<TemplateProposer.Proposal> ordered = TemplateProposer.tiered(List.of(line1, line2, line3));

        assertThat(ordered).extracting(x -> x.edit().replacement())
                .containsExactly("a", "d", "g", "b", "c", "e", "f", "h");
    }

    @Test
    void javaMissingJumpStaysInTheFirstTier() {
        List<TemplateProposer.Proposal> line1 = List.of(p("missing-jump", 1, "a"), p("insert-statement", 1, "b"));
        List<TemplateProposer.Proposal> line2 = List.of(p("relational-op", 2, "c"));

        List<TemplateProposer.Proposal> ordered = TemplateProposer.tiered(List.of(line1, line2));

        assertThat(ordered).extracting(x -> x.edit().replacement()).containsExactly("a", "c", "b");
    }

    @Test
    void laterFamiliesTakeEveryFourthPlaceAfterTheFirstTiersOwnPlaces() {
        List<TemplateProposer.Proposal> many = new java.util.ArrayList<>();
        for (int i = 0; i < 40; i++) {
            many.add(py("relational-op", 1, "r" + i));
        }
        List<TemplateProposer.Proposal> line2 = List.of(py("type-test", 2, "t0"), py("type-test", 2, "t1"));

        List<String> ordered = TemplateProposer.tiered(List.of(many, line2)).stream()
                .map(x -> x.edit().replacement()).toList();

        assertThat(ordered.subList(0, TemplateProposer.FIRST_TIER_ALONE)).allMatch(r -> r.startsWith("r"));
        assertThat(ordered.indexOf("t0")).isEqualTo(TemplateProposer.FIRST_TIER_ALONE + 3);
        assertThat(ordered.indexOf("t1")).isEqualTo(TemplateProposer.FIRST_TIER_ALONE + 7);
        assertThat(ordered).hasSize(42).endsWith("r39");
    }
}
