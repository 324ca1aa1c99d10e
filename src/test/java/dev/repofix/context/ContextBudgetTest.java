package dev.repofix.context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.ConfigException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class ContextBudgetTest {
    @ParameterizedTest
    @CsvSource({
        "2k, K2, 2048", "2K, K2, 2048", "2048, K2, 2048", "4k, K4, 4096", "8K, K8, 8192",
        "16k, K16, 16384", "16K, K16, 16384", "16384, K16, 16384", "' 32k ', K32, 32768",
        "64k, K64, 65536", "128k, K128, 131072", "131072, K128, 131072"
    })
    void parsesLabelsAndTokenCounts(String text, ContextBudget expected, int tokens) {
        assertThat(ContextBudget.parse(text)).isEqualTo(expected);
        assertThat(ContextBudget.parse(text).tokens()).isEqualTo(tokens);
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"3k", "16kb", "16 k", "1k", "256k", "16000", "0", "-16k", "k16", "sixteen"})
    void rejectsOtherValuesListingAcceptedOnes(String text) {
        assertThatThrownBy(() -> ContextBudget.parse(text))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("unknown context budget")
                .hasMessageContaining("2k (2048)")
                .hasMessageContaining("16k (16384)")
                .hasMessageContaining("128k (131072)");
    }
}
