package dev.repofix.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class HistoryTablesTest {
    @Test
    void trendTableHasOneWidthPerColumnAndRatesInPercent() {
        List<TrendRow> rows = List.of(
                new TrendRow("builtin", 3, 3, 2, 3, 2, OptionalDouble.empty(), 0, OptionalDouble.empty()),
                new TrendRow("openai:gpt-4o", 1, 4, 1, 2, 1, OptionalDouble.of(72.5), 5000, OptionalDouble.of(0.2)));

        String table = HistoryTables.trend(TrendBy.MODEL, rows);

        List<String> lines = table.lines().toList();
        assertThat(lines).hasSize(4);
        assertThat(lines).extracting(String::length).containsOnly(lines.get(0).length());
        assertThat(lines.get(2)).contains("66.7%").contains("| -");
        assertThat(lines.get(3)).contains("25.0%").contains("72.5").contains("$0.2000");
    }

    @Test
    void compareOfRunsThatAgreeSaysSo() {
        assertThat(HistoryTables.compare("a", "b", List.of())).isEqualTo("runs a and b got every case alike\n");
    }

    @Test
    void csvQuotesCellsWithCommasAndQuotes() {
        StoredRun run = HistoryRuns.fix("r1", "openai:\"gpt\",4", true, 0);

        List<String> lines = HistoryExport.csv(List.of(run.summary())).lines().toList();

        assertThat(lines.get(0)).startsWith("id,startedAt,kind,repository,commit,trigger,model,status");
        assertThat(lines.get(1)).contains(",\"openai:\"\"gpt\"\",4\",FIXED,1,1,1,1,,");
    }

    @Test
    void jsonExportKeepsEmptyFiguresAsNull() throws Exception {
        StoredRun run = HistoryRuns.eval("e1", "builtin", Map.of("c1", true));

        JsonNode json = new ObjectMapper().readTree(HistoryExport.json(List.of(run.summary())));

        assertThat(json.get(0).get("costUsd").isNull()).isTrue();
        assertThat(json.get(0).get("issueScore").asDouble()).isEqualTo(80.0);
        assertThat(json.get(0).get("kind").asText()).isEqualTo("eval");
    }

    @Test
    void retentionReadsDaysAndWeeks() {
        assertThat(Retention.parse("180d")).isEqualTo(Duration.ofDays(180));
        assertThat(Retention.parse("26w")).isEqualTo(Duration.ofDays(182));
        assertThat(Retention.parse("12h")).isEqualTo(Duration.ofHours(12));
    }
}
