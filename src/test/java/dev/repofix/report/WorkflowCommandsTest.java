package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkflowCommandsTest {
    @Test
    void escapesPercentAndLineBreaksInMessagesAndAlsoColonAndCommaInProperties() {
        assertThat(WorkflowCommands.error("src/a,b:c.java", 12, "Suspected: line", "50% off\r\nnext\rlast"))
                .isEqualTo("::error file=src/a%2Cb%3Ac.java,line=12,title=Suspected%3A line::50%25 off%0Anext%0Alast");
    }

    /** A test's output in an annotation: one command, no line of it starting another, nothing hidden in the log. */
    @Test
    void anAnnotationOfATestsOutputStaysOneVisibleCommand() {
        String output = "fails\n::add-mask::x\n::error::forged\u0000 \u001B[31mred\u001B[0m \u202Egnp.exe";

        String line = WorkflowCommands.error("src/a.py", 3, "repofix: suspected fault", output);

        assertThat(line).isEqualTo("::error file=src/a.py,line=3,title=repofix%3A suspected fault::fails%0A"
                + "::add-mask::x%0A::error::forged\u2400 red \uFFFDgnp.exe");
        assertThat(WorkflowCommands.warning(output)).doesNotContain("\n", "\u0000", "\u001B", "\u202E");
        assertThat(WorkflowCommands.mask("se\u0000cret")).isEqualTo("::add-mask::se\u0000cret");
    }

    @Test
    void masksTheWholeSecretOnOneLine() {
        assertThat(WorkflowCommands.mask("ab\ncd")).isEqualTo("::add-mask::ab%0Acd");
    }

    @Test
    void outputsUseTheMultiLineFormWithADelimiterFoundInNoValue() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("verdict", "VALID");
        values.put("issue-title", "two\nlines");

        String text = WorkflowCommands.outputs(values);

        String[] lines = text.split("\n");
        assertThat(lines[0]).startsWith("verdict<<repofix_");
        String delimiter = lines[0].substring("verdict<<".length());
        assertThat(lines[1]).isEqualTo("VALID");
        assertThat(lines[2]).isEqualTo(delimiter);
        assertThat(lines[3]).startsWith("issue-title<<");
        assertThat(lines[4]).isEqualTo("two");
        assertThat(lines[5]).isEqualTo("lines");
        assertThat(lines[6]).isEqualTo(lines[3].substring("issue-title<<".length()));
    }
}
