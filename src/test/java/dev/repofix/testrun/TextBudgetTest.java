package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TextBudgetTest {
    @TempDir
    Path dir;

    @Test
    void keepsTheHeadOfATraceLongerThanTheCapAndSaysHowMuchWasLeftOut() throws IOException {
        String frame = "\tat a.B.c(B.java:1)\n";
        int frames = TextBudget.MAX_TEXT_CHARS / frame.length() + 1000;
        Path report = Files.writeString(dir.resolve("TEST-long.xml"), "<testsuite name=\"s\"><testcase classname=\"A\" "
                + "name=\"t\"><failure message=\"boom\">java.lang.AssertionError: boom\n" + frame.repeat(frames)
                + "</failure></testcase></testsuite>");

        TestResult r = new JUnitXmlReportParser().parse(report).getFirst();

        assertThat(r.trace()).startsWith("java.lang.AssertionError: boom\n\tat a.B.c(B.java:1)")
                .endsWith("more left out]").hasSizeLessThan(TextBudget.MAX_TEXT_CHARS + 100);
        assertThat(r.message()).isEqualTo("boom");
    }

    @Test
    void cutsEachLaterTextShortOnceTheReportsBudgetIsSpent() {
        TextBudget budget = new TextBudget();
        char[] big = new char[TextBudget.MAX_TEXT_CHARS];
        java.util.Arrays.fill(big, 'x');
        for (int i = 0; i < TextBudget.MAX_RUN_TEXT_CHARS / TextBudget.MAX_TEXT_CHARS; i++) {
            StringBuilder text = new StringBuilder();
            budget.append(text, big, 0, big.length);
            assertThat(budget.finish(text)).hasSize(TextBudget.MAX_TEXT_CHARS);
        }
        StringBuilder later = new StringBuilder();
        budget.append(later, big, 0, big.length);

        assertThat(List.of(budget.finish(later).split("\n"))).first().asString().hasSize(TextBudget.CUT_TEXT_CHARS);
    }
}
