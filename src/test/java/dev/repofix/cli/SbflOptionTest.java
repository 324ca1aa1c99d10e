package dev.repofix.cli;

import dev.repofix.app.StagesFactory;
import dev.repofix.app.Environment;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.ConfigException;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.ModelSpec;
import dev.repofix.config.ResolvedConfig;
import dev.repofix.repair.localize.SpectrumFormula;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** --sbfl picks the builtin engine's spectrum formula, from the flag or the operator's variable. */
class SbflOptionTest {
    private static ResolvedConfig settings(Map<String, String> env, String... args) {
        HostEnvironment host = new HostEnvironment(env);
        FixCommand cmd = CommandLine.populateCommand(
                new FixCommand(new Environment(host, Clock.systemUTC(), Path.of("build-tmp"), false)), args);
        return cmd.options.resolve(host, Optional.empty());
    }

    @Test
    void ochiaiUnlessTheOperatorAsksForDstar() {
        assertThat(StagesFactory.formula(ModelSpec.of(settings(Map.of())))).isEqualTo(SpectrumFormula.OCHIAI);
        assertThat(StagesFactory.formula(ModelSpec.of(settings(Map.of(), "--sbfl", "dstar")))).isEqualTo(SpectrumFormula.DSTAR);
        assertThat(StagesFactory.formula(ModelSpec.of(settings(Map.of("REPOFIX_SBFL", "DStar"))))).isEqualTo(SpectrumFormula.DSTAR);
    }

    @Test
    void anUnknownFormulaIsAnErrorThatNamesTheChoices() {
        ResolvedConfig c = settings(Map.of(), "--sbfl", "tarantula");

        assertThatThrownBy(() -> StagesFactory.formula(ModelSpec.of(c))).isInstanceOf(ConfigException.class)
                .hasMessageContaining("sbfl").hasMessageContaining("ochiai, dstar");
    }
}
