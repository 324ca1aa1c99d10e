package dev.repofix.app;

import dev.repofix.config.ConfigException;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.ModelChoice;
import dev.repofix.config.ModelSpec;
import dev.repofix.config.Settings;
import dev.repofix.config.UrlCredentials;
import dev.repofix.context.ContextBudget;
import dev.repofix.context.ContextBuilder;
import dev.repofix.context.TokenCounter;
import dev.repofix.exec.Executor;
import dev.repofix.model.AnthropicChatClient;
import dev.repofix.model.AnthropicSettings;
import dev.repofix.model.CachingChatClient;
import dev.repofix.model.ChatClient;
import dev.repofix.model.OpenAiChatClient;
import dev.repofix.model.OpenAiSettings;
import dev.repofix.model.Pricing;
import dev.repofix.model.RecordingChatClient;
import dev.repofix.model.ReplayChatClient;
import dev.repofix.pipeline.RepairPipeline;
import dev.repofix.repair.BuiltinStages;
import dev.repofix.repair.localize.SpectrumFormula;
import dev.repofix.stage.LlmStages;
import dev.repofix.stage.StageInputs;
import dev.repofix.stage.Stages;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

/** Builds the stages the settings ask for: the builtin engine, or a model behind a cache and recorder. */
public final class StagesFactory {
    private StagesFactory() {}

    /**
     * The configured model's client behind the recorder and the cache the settings ask for.
     * A benchmark makes one for all its cases: a replay then hands out each recorded answer
     * once (samples and budgets of a case get theirs in order), and a recording's lines
     * never interleave.
     *
     * @throws ConfigException for the builtin engine, which has no client
     */
    public static ChatClient chatClient(ModelSpec spec, HostEnvironment host) {
        ModelChoice model = spec.choice();
        if (model.isBuiltin()) {
            throw new ConfigException("the builtin engine asks no model");
        }
        ChatClient client = client(model, spec, host);
        if (spec.record().isPresent()) {
            client = new RecordingChatClient(client, spec.record().get());
        }
        if (spec.cache() && !model.provider().equals("replay")) {
            client = new CachingChatClient(client, spec.cacheDir(host));
        }
        return client;
    }

    /** Model-answered stages over {@code client} with given inputs and context budget. */
    private static Stages create(ModelSpec spec, ChatClient client, StageInputs inputs, String contextBudget) {
        ContextBudget budget = ContextBudget.parse(contextBudget);
        ContextBuilder context = new ContextBuilder(new TokenCounter());
        return new LlmStages(client, report -> context.build(report, budget).render(), spec.maxAttempts(), inputs,
                spec.limits(), Clock.systemUTC());
    }

    /**
     * The stages the settings ask for, with what the run record says of them: the model's
     * name and list price. The builtin engine when no model is configured: its per-test
     * coverage runs through {@code executor}, the one the baseline uses, each command within
     * the test timeout.
     */
    public static RepairPipeline.Engine engine(Settings s, HostEnvironment host, Executor executor, Clock clock) {
        ModelSpec spec = s.model();
        if (spec.choice().isBuiltin()) {
            BuiltinStages builtin = BuiltinStages.withCoverage(executor, host, s.run().testTimeout(), clock,
                    formula(spec), Optional.of(spec.cacheDir(host).resolve("tools")));
            return new RepairPipeline.Engine(builtin, "builtin", Optional.empty());
        }
        return engine(spec, chatClient(spec, host), StageInputs.chained(), spec.context());
    }

    /** The builtin engine's spectrum formula, as the sbfl setting names it. */
    public static SpectrumFormula formula(ModelSpec spec) {
        return SpectrumFormula.valueOf(spec.sbfl().name());
    }

    /**
     * Model-answered stages over a client (a benchmark shares one over its cases), with
     * given inputs (a setting) and context budget (a sweep's).
     */
    public static RepairPipeline.Engine engine(ModelSpec spec, ChatClient client, StageInputs inputs, String contextBudget) {
        ModelChoice model = spec.choice();
        return new RepairPipeline.Engine(create(spec, client, inputs, contextBudget), model.toString(), price(model));
    }

    /** A model's list price, when it has one: none for the builtin engine and recorded answers. */
    public static Optional<Pricing.Price> price(ModelChoice model) {
        return model.isBuiltin() || model.provider().equals("replay") ? Optional.empty()
                : Pricing.defaults().priceOf(model.name());
    }

    /** The chat client of a model choice (for a judge), behind the same cache as the stages'. */
    public static ChatClient judgeClient(ModelChoice model, ModelSpec spec, HostEnvironment host) {
        if (model.isBuiltin()) {
            throw new ConfigException("the judge must be a model (openai:<model>, anthropic:<model> or "
                    + "replay:<file>), not builtin");
        }
        ChatClient client = client(model, spec, host);
        return spec.cache() && !model.provider().equals("replay")
                ? new CachingChatClient(client, spec.cacheDir(host)) : client;
    }

    private static ChatClient client(ModelChoice model, ModelSpec spec, HostEnvironment host) {
        String keyVar = spec.withChoice(model).apiKeyVariable();
        Optional<String> key = keyVar.isEmpty() ? Optional.empty() : host.get(keyVar);
        String baseUrl = spec.baseUrl();
        return switch (model.provider()) {
            case "openai" -> {
                if (key.isEmpty() && baseUrl.isEmpty()) {
                    throw new ConfigException("openai:" + model.name() + " needs an API key in " + keyVar
                            + "; set it, pass --api-key-env, or pass --base-url for a local server without a key");
                }
                OpenAiSettings s = OpenAiSettings.of(uri(baseUrl.isEmpty() ? "https://api.openai.com/v1" : baseUrl),
                        model.name(), key, keyVar);
                String version = spec.azureApiVersion();
                String deployment = spec.azureDeployment();
                if (!version.isEmpty() || !deployment.isEmpty()) {
                    if (version.isEmpty() || deployment.isEmpty()) {
                        throw new ConfigException("Azure OpenAI needs both azure-api-version and azure-deployment");
                    }
                    s = new OpenAiSettings(s.baseUrl(), s.model(), s.apiKey(), s.apiKeyVariable(), Optional.of(version),
                            Optional.of(deployment), s.connectTimeout(), s.requestTimeout());
                }
                yield new OpenAiChatClient(s.withLimits(spec.limits().timeout(), spec.limits().concurrency()));
            }
            case "anthropic" -> {
                if (key.isEmpty()) {
                    throw new ConfigException("anthropic:" + model.name() + " needs an API key in " + keyVar
                            + "; set it or pass --api-key-env with the variable that holds it");
                }
                yield new AnthropicChatClient(AnthropicSettings.of(
                        uri(baseUrl.isEmpty() ? "https://api.anthropic.com" : baseUrl), model.name(), key, keyVar)
                        .withLimits(spec.limits().timeout(), spec.limits().concurrency()));
            }
            case "replay" -> new ReplayChatClient(Path.of(model.name()));
            default -> throw new ConfigException("unknown model provider " + model.provider());
        };
    }

    private static URI uri(String text) {
        try {
            URI u = URI.create(text);
            if (u.getScheme() == null || !(u.getScheme().equals("http") || u.getScheme().equals("https"))) {
                throw new IllegalArgumentException("not http(s)");
            }
            return u;
        } catch (IllegalArgumentException e) {
            throw new ConfigException("cannot use base URL '" + UrlCredentials.masked(text)
                    + "': give an http(s) URL such as http://127.0.0.1:8000/v1");
        }
    }
}
