package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.build.ReportFormat;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReportParsersTest {
    @Test
    void picksTheParserOfTheReportsFormat() {
        ReportParser tap = (report, budget) -> { };
        ReportParsers parsers = new ReportParsers(Map.of(ReportFormat.TAP, tap, ReportFormat.JUNIT_XML, new JUnitXmlReportParser()));

        assertThat(parsers.forFormat(ReportFormat.TAP)).isSameAs(tap);
        assertThat(parsers.forFormat(ReportFormat.JUNIT_XML)).isInstanceOf(JUnitXmlReportParser.class);
    }

    @Test
    void aFormatWithoutAParserIsAnErrorThatSaysWhatToDo() {
        ReportParsers parsers = new ReportParsers(Map.of(ReportFormat.JUNIT_XML, new JUnitXmlReportParser()));

        assertThatThrownBy(() -> parsers.forFormat(ReportFormat.GO_TEST_JSON).parse(Path.of("x.json")))
                .isInstanceOf(ReportException.class)
                .hasMessageContaining("GO_TEST_JSON")
                .hasMessageContaining("--test-cmd");
    }
}
