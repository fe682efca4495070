package io.agentscope.examples.kit;

import io.agentscope.core.message.Base64Source;
import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.DataBlock;
import io.agentscope.core.message.TextBlock;
import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.tool.Tool;
import io.agentscope.core.tool.ToolEmitter;
import io.agentscope.core.tool.ToolParam;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The example's tools, one per behaviour the kit must show. Every tool except {@code delete_file}
 * is allowed by a rule (see {@link AgentSessions#PERMISSIONS}), so only {@code delete_file} asks.
 */
public class DemoTools {

    /** An 8×8 PNG (two triangles), small enough for the recorded fixtures. */
    static final String CHART_PNG =
            "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAL0lEQVR4nGNQTX6NFTFgFf1ZLIZF4mexGBYJiCi6BFwURQJZFCGBJgqVwBQFSgAAmgheZQ3U5NwAAAAASUVORK5CYII=";

    private static final Map<String, String> WEATHER =
            Map.of(
                    "Paris", "18 °C, cloudy",
                    "Tokyo", "24 °C, sunny",
                    "Berlin", "12 °C, light rain",
                    "Oslo", "3 °C, snow");

    private final Duration pace;

    DemoTools(Duration pace) {
        this.pace = pace;
    }

    // Tools return a ToolResultBlock: a plain String return would be JSON-encoded (quoted) by DefaultToolResultConverter.

    @Tool(name = "get_weather", description = "Current weather for a city")
    public ToolResultBlock getWeather(@ToolParam(name = "city", description = "City name") String city) {
        return ToolResultBlock.text(city + ": " + WEATHER.getOrDefault(city, "15 °C, clear"));
    }

    /** Streams its output through the ToolEmitter, then returns the same text as its result. */
    @Tool(name = "tail_log", description = "Stream the last lines of the build log")
    public Mono<ToolResultBlock> tailLog(
            @ToolParam(name = "lines", description = "How many lines") int lines, ToolEmitter emitter) {
        return Flux.range(1, lines)
                .delayElements(pace.multipliedBy(2))
                .map(index -> "[" + index + "/" + lines + "] " + (index == lines ? "BUILD SUCCESS" : "compiling module " + index) + "\n")
                .doOnNext(line -> emitter.emit(ToolResultBlock.text(line)))
                .reduce(new StringBuilder(), StringBuilder::append)
                .map(all -> ToolResultBlock.text(all.toString()));
    }

    /** Always fails: ToolMethodInvoker turns the exception into an "Error: Tool execution failed: …" result. */
    @Tool(name = "lookup_order", description = "Look up an order by id")
    public ToolResultBlock lookupOrder(@ToolParam(name = "orderId", description = "Order id") String orderId) {
        throw new IllegalStateException("order service unavailable for " + orderId);
    }

    /** Returns a caption and the image as a DataBlock (AgentScope 2.0's media block). */
    @Tool(name = "render_chart", description = "Render a chart as a PNG image")
    public ToolResultBlock renderChart(@ToolParam(name = "title", description = "Chart title") String title) {
        DataBlock image =
                DataBlock.builder()
                        .source(Base64Source.builder().mediaType("image/png").data(CHART_PNG).build())
                        .name(title.toLowerCase().replace(' ', '-') + ".png")
                        .build();
        List<ContentBlock> output = List.of(TextBlock.builder().text("Rendered \"" + title + "\" (8×8 PNG)").build(), image);
        return ToolResultBlock.of(output);
    }

    /** Needs the user's confirmation: no allow rule covers it, so the permission engine answers ASK. */
    @Tool(name = "delete_file", description = "Delete a file (asks the user first)")
    public ToolResultBlock deleteFile(@ToolParam(name = "path", description = "File path") String path) {
        // A demo: nothing is deleted.
        return ToolResultBlock.text("Deleted " + path);
    }

    /** Executed by the client: the ToolExecutor suspends it and the agent returns TOOL_SUSPENDED. */
    @Tool(name = "read_browser_page", description = "Read a page in the user's browser", externalTool = true)
    public ToolResultBlock readBrowserPage(@ToolParam(name = "url", description = "Page URL") String url) {
        throw new IllegalStateException("read_browser_page runs on the client");
    }
}
