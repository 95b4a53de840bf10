-- A create's own transaction seals its key (sealed_at), so the key and the record it created commit
-- together: a claim whose create committed is never taken over and never creates again, even when its
-- process stopped before storing the answer. claim_token names the request holding the claim, so a
-- request whose claim was taken over can neither seal, answer nor give back the newer claim.
ALTER TABLE idempotency_key ADD COLUMN claim_token VARCHAR(36);
ALTER TABLE idempotency_key ADD COLUMN sealed_at TIMESTAMP;
