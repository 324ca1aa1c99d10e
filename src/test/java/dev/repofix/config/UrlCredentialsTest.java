package dev.repofix.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UrlCredentialsTest {
    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiter = '|', textBlock = """
            https://x-access-token:FAKE@github.com/o/r.git    | https://***@github.com/o/r.git
            https://user:fake-pw@git.example/o/r.git          | https://***@git.example/o/r.git
            https://fake-token@git.example/o/r.git            | https://***@git.example/o/r.git
            https://user:p@ss?w@git.example/o/r.git           | https://***@git.example/o/r.git
            https://git.example:8443                          | https://git.example:8443
            jdbc:postgresql://ci:fake@db/h                    | jdbc:postgresql://***@db/h
            ssh://git@github.com/o/r.git                      | ssh://***@github.com/o/r.git
            clone http://a:b@h/x.git: http://b@h/x.git refused | clone http://***@h/x.git: http://***@h/x.git refused
            https://example.org/a?b=c@d                       | https://example.org/a?b=c@d
            /home/me/project @ main                           | /home/me/project @ main
            git@github.com:o/r.git                            | git@github.com:o/r.git
            """)
    void masksTheUserInfoOfEveryUrlAndNothingElse(String text, String shown) {
        assertThat(UrlCredentials.masked(text)).isEqualTo(shown);
        assertThat(UrlCredentials.present(text)).isEqualTo(!shown.equals(text));
    }
}
