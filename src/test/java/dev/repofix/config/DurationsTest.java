package dev.repofix.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {
    @ParameterizedTest(name = "''{0}'' is {1}")
    @CsvSource(delimiter = '|', textBlock = """
            90s      | PT1M30S
            15m      | PT15M
            1h30m    | PT1H30M
            2h       | PT2H
            250ms    | PT0.25S
            1m30s    | PT1M30S
            1h0m5s   | PT1H5S
            PT15M    | PT15M
            pt15m    | PT15M
            P1DT2H   | PT26H
            45       | PT45S
            '  90S ' | PT1M30S
            1H30M    | PT1H30M
            """)
    void parsesHumanAndIsoDurations(String text, Duration expected) {
        assertThat(Durations.parse(text)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "''{0}''")
    @NullAndEmptySource
    @ValueSource(strings = {"  ", "abc", "15x", "m15", "1h 30m", "-5s", "1.5h", "h", "P", "PTXM", "15m10", "s15"})
    void rejectsUnreadableDurationsNamingTheValueAndTheForms(String text) {
        assertThatThrownBy(() -> Durations.parse(text))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("cannot read duration '" + text + "'")
                .hasMessageContaining("90s, 15m, 1h30m")
                .hasMessageContaining("PT15M")
                .satisfies(e -> assertThat(((ConfigException) e).kind()).isEqualTo(RepofixException.ErrorKind.INPUT));
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"0", "0s", "0m0s", "PT0S", "PT-5M"})
    void rejectsDurationsThatAreNotPositive(String text) {
        assertThatThrownBy(() -> Durations.parse(text))
                .isInstanceOf(ConfigException.class)
                .hasMessage("duration must be positive: '" + text + "'");
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"99999999999999999999", "99999999999999999999s", "9223372036854775807h", "PT99999999999999999999H"})
    void rejectsDurationsTooLargeToRepresentAsConfigErrors(String text) {
        assertThatThrownBy(() -> Durations.parse(text))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'" + text + "'");
    }

    @ParameterizedTest(name = "{0} is ''{1}''")
    @CsvSource(delimiter = '|', textBlock = """
            PT0S        | 0ms
            PT0.85S     | 850ms
            PT0.999S    | 999ms
            PT1S        | 1.0s
            PT12.345S   | 12.3s
            PT59.949S   | 59.9s
            PT1M        | 1m00s
            PT4M5S      | 4m05s
            PT1H30M     | 90m00s
            """)
    void formatsCompactly(Duration duration, String expected) {
        assertThat(Durations.format(duration)).isEqualTo(expected);
    }

    @Test
    void formatNeverShowsSixtySecondsBelowAMinute() {
        assertThat(Durations.format(Duration.ofMillis(59_999))).isEqualTo("59.9s");
        assertThat(Durations.format(Duration.ofMillis(59_950))).isEqualTo("59.9s");
    }

    @Test
    void formatsWhatItParses() {
        assertThat(Durations.format(Durations.parse("1h30m"))).isEqualTo("90m00s");
        assertThat(Durations.format(Durations.parse("90s"))).isEqualTo("1m30s");
    }
}
