package dev.repofix.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ModelLimitsTest {
    private static ModelLimits limits(Map<ConfigKey, String> flags) {
        Map<ConfigKey, String> given = new EnumMap<>(ConfigKey.class);
        given.putAll(flags);
        return Settings.of(ConfigResolver.resolve(given, new HostEnvironment(Map.of()), Optional.empty())).model()
                .limits();
    }

    @Test
    void defaultsStateNoWindowAndKeepTheAnswerBudgetOfBefore() {
        assertThat(limits(Map.of())).isEqualTo(new ModelLimits(OptionalInt.empty(), 4096, Optional.empty(),
                OptionalInt.empty()));
        assertThat(limits(Map.of())).isEqualTo(ModelLimits.defaults());
    }

    @Test
    void readsTheWindowInTokensOrKAndTheOtherLimits() {
        assertThat(limits(Map.of(ConfigKey.MODEL_CONTEXT, "8k", ConfigKey.MAX_ANSWER_TOKENS, "1024",
                ConfigKey.MODEL_TIMEOUT, "90s", ConfigKey.MODEL_CONCURRENCY, "2")))
                .isEqualTo(new ModelLimits(OptionalInt.of(8192), 1024, Optional.of(Duration.ofSeconds(90)),
                        OptionalInt.of(2)));
        assertThat(limits(Map.of(ConfigKey.MODEL_CONTEXT, " 2048 ")).window()).hasValue(2048);
    }

    @Test
    void badLimitsAreErrorsNamingTheKeyAndWhereItCameFrom() {
        assertThatThrownBy(() -> limits(Map.of(ConfigKey.MODEL_CONTEXT, "100")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("model-context = '100' (from --model-context) is not a window of 512 to");
        assertThatThrownBy(() -> limits(Map.of(ConfigKey.MODEL_CONTEXT, "big")))
                .hasMessageContaining("model-context = 'big'");
        assertThatThrownBy(() -> limits(Map.of(ConfigKey.MAX_ANSWER_TOKENS, "0")))
                .hasMessageStartingWith("max-answer-tokens = '0' (from --max-answer-tokens) must be between 1");
        assertThatThrownBy(() -> limits(Map.of(ConfigKey.MODEL_CONCURRENCY, "0")))
                .hasMessageStartingWith("model-concurrency = '0' (from --model-concurrency) must be between 1 and 64");
        assertThatThrownBy(() -> limits(Map.of(ConfigKey.MODEL_TIMEOUT, "soon")))
                .isInstanceOf(ConfigException.class);
    }

    @Test
    void theRepositoryMayNotSetAnyOfThem() {
        for (ConfigKey key : new ConfigKey[] {ConfigKey.MODEL_CONTEXT, ConfigKey.MAX_ANSWER_TOKENS,
                ConfigKey.MODEL_TIMEOUT, ConfigKey.MODEL_CONCURRENCY}) {
            assertThat(key.setBy()).isEqualTo(ConfigKey.SetBy.OPERATOR);
        }
    }
}
