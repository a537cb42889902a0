// A user's script against tracker through a client generated from its OpenAPI document:
// openapi-typescript writes schema.d.ts beside this file, openapi-fetch calls the server,
// tsc --strict checks that the calls and the answers are typed as the document says.
// No hand edits: what the document declares is what this compiles against.
import createClient from "openapi-fetch";
import type { components, paths } from "./schema.js";

type Prompt = components["schemas"]["Prompt"];

const baseUrl = process.env.TRACKER_BASE_URL;
const key = process.env.TRACKER_API_KEY;
if (!baseUrl || !key) {
  throw new Error("TRACKER_BASE_URL and TRACKER_API_KEY must be set");
}
// JSON answers only: the lists also answer text/csv and application/x-ndjson (format=).
const client = createClient<paths, "application/json">({
  baseUrl, headers: { Authorization: `Bearer ${key}` },
});

async function main(): Promise<void> {
  const one = await client.POST("/prompts", {
    body: { text: "Best CRM for startups?", tags: ["b2b"], location: "US" },
  });
  const bulk = await client.POST("/prompts", {
    body: { prompts: [{ text: "Best CRM for agencies?", topic: "CRM" }, { text: "" }] },
    params: { header: { "Idempotency-Key": "bulk-1" } },
  });
  const page = await client.GET("/prompts", { params: { query: { search: "crm", perPage: 10 } } });
  const refused = await client.GET("/prompts", { params: { query: { perPage: 101 } } });
  const texts: string[] = (page.data?.data.data ?? []).map((prompt: Prompt) => prompt.text);
  console.log(JSON.stringify({
    one: [one.response.status, one.data?.data.created, one.response.headers.get("Location") !== null],
    bulk: [bulk.response.status, bulk.data?.data.created, bulk.data?.data.failed,
           bulk.data?.data.errors.map((error) => error.index)],
    page: [page.response.status, page.data?.data.total, texts],
    refused: [refused.response.status, refused.error?.errors?.map((error) => error.field)],
  }));
}

await main();
