package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.ConfigException;
import dev.repofix.pipeline.GeneratedMavenProject.Framework;
import org.junit.jupiter.api.Test;

class BenchFrameworkOptionTest {
    @Test
    void namesTheGeneratedProjectsTestFramework() {
        assertThat(BenchCommand.framework("junit4")).isEqualTo(Framework.JUNIT4);
        assertThat(BenchCommand.framework("TestNG")).isEqualTo(Framework.TESTNG);
        assertThat(BenchCommand.framework("junit5")).isEqualTo(Framework.JUNIT5);
    }

    @Test
    void anUnknownFrameworkSaysWhichThereAre() {
        assertThatThrownBy(() -> BenchCommand.framework("spock")).isInstanceOf(ConfigException.class)
                .hasMessageContaining("junit5, junit4, testng");
    }
}
