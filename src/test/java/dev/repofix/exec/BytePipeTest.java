package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BytePipeTest {
    @Test
    void bytesWrittenByThreadsThatHaveEndedAreReadInOrderThenEndOfStream() throws Exception {
        BytePipe pipe = new BytePipe();
        OutputStream sink = pipe.sink();
        for (String line : new String[] {"one\n", "two\n"}) {
            Thread writer = Thread.ofPlatform().start(() -> {
                try {
                    sink.write(line.getBytes(StandardCharsets.UTF_8));
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            writer.join();
        }
        pipe.end();

        BufferedReader reader = new BufferedReader(new InputStreamReader(pipe.source(), StandardCharsets.UTF_8));
        assertThat(reader.readLine()).isEqualTo("one");
        assertThat(reader.readLine()).isEqualTo("two");
        assertThat(reader.readLine()).isNull();
    }

    @Test
    void aReaderWaitsForTheNextWrite() throws Exception {
        BytePipe pipe = new BytePipe();
        Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(200);
                pipe.sink().write("late\n".getBytes(StandardCharsets.UTF_8));
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });

        BufferedReader reader = new BufferedReader(new InputStreamReader(pipe.source(), StandardCharsets.UTF_8));
        assertThat(reader.readLine()).isEqualTo("late");
    }

    @Test
    void writingToAnEndedPipeFails() {
        BytePipe pipe = new BytePipe();
        pipe.end();

        assertThatThrownBy(() -> pipe.sink().write(1)).isInstanceOf(IOException.class).hasMessageContaining("closed");
    }
}
