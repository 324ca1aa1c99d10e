package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkflowCommandsTest {
    @Test
    void escapesPercentAndLineBreaksInMessagesAndAlsoColonAndCommaInProperties() {
        assertThat(WorkflowCommands.error("src/a,b:c.java", 12, "Suspected: line", "50% off\r\nnext"))
                .isEqualTo("::error file=src/a%2Cb%3Ac.java,line=12,title=Suspected%3A line::50%25 off%0D%0Anext");
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
