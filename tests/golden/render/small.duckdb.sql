-- stratum 0: even odd recursive=True inputs=blocked edge
-- base even reads=edge distinct=True delta=None
SELECT t0.c0 FROM "edge" AS t0 WHERE t0.c1 = t0.c0
INSERT INTO "even" SELECT t0.c0 FROM "edge" AS t0 WHERE t0.c1 = t0.c0
-- step even parity=None reads=odd,edge distinct=False delta=0
SELECT t1.c1 FROM "odd" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t1.c1)
INSERT INTO "even$delta0" SELECT * FROM (SELECT t1.c1 FROM "odd" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t1.c1)) EXCEPT SELECT * FROM "even"
-- step even parity=0 reads=odd,edge distinct=False delta=0
SELECT t1.c1 FROM "odd$delta0" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t1.c1)
INSERT INTO "even$delta0" SELECT * FROM (SELECT t1.c1 FROM "odd$delta0" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t1.c1)) EXCEPT SELECT * FROM "even"
-- step even parity=1 reads=odd,edge distinct=False delta=0
SELECT t1.c1 FROM "odd$delta1" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t1.c1)
INSERT INTO "even$delta0" SELECT * FROM (SELECT t1.c1 FROM "odd$delta1" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t1.c1)) EXCEPT SELECT * FROM "even"
-- step odd parity=None reads=even,edge distinct=False delta=0
SELECT t1.c1 FROM "even" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c0
INSERT INTO "odd$delta0" SELECT * FROM (SELECT t1.c1 FROM "even" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c0) EXCEPT SELECT * FROM "odd"
-- step odd parity=0 reads=even,edge distinct=False delta=0
SELECT t1.c1 FROM "even$delta0" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c0
INSERT INTO "odd$delta0" SELECT * FROM (SELECT t1.c1 FROM "even$delta0" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c0) EXCEPT SELECT * FROM "odd"
-- step odd parity=1 reads=even,edge distinct=False delta=0
SELECT t1.c1 FROM "even$delta1" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c0
INSERT INTO "odd$delta0" SELECT * FROM (SELECT t1.c1 FROM "even$delta1" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c0) EXCEPT SELECT * FROM "odd"
-- stratum 1: path recursive=True inputs=blocked edge
-- base path reads=edge distinct=True delta=None
SELECT t0.c0, t0.c1 FROM "edge" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t0.c1)
INSERT INTO "path" SELECT t0.c0, t0.c1 FROM "edge" AS t0 WHERE NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t0.c1)
-- step path parity=None reads=path,edge distinct=False delta=0
SELECT t0.c0, t1.c1 FROM "path" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t1.c1)
INSERT INTO "path$delta0" SELECT * FROM (SELECT t0.c0, t1.c1 FROM "path" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t1.c1)) EXCEPT SELECT * FROM "path"
-- step path parity=0 reads=path,edge distinct=False delta=0
SELECT t0.c0, t1.c1 FROM "path$delta0" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t1.c1)
INSERT INTO "path$delta0" SELECT * FROM (SELECT t0.c0, t1.c1 FROM "path$delta0" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t1.c1)) EXCEPT SELECT * FROM "path"
-- step path parity=1 reads=path,edge distinct=False delta=0
SELECT t0.c0, t1.c1 FROM "path$delta1" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t1.c1)
INSERT INTO "path$delta0" SELECT * FROM (SELECT t0.c0, t1.c1 FROM "path$delta1" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c1 AND NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t1.c1)) EXCEPT SELECT * FROM "path"
-- stratum 2: far recursive=True inputs=blocked edge
-- base far reads=path,edge distinct=False delta=None
SELECT t0.c0, (t0.c1 - t0.c0) FROM "path" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c1 AND (t0.c1 - t0.c0) >= 2 AND t0.c0 < 100 AND t0.c1 <= (0 - 5) AND t0.c1 > (t0.c0 + 1)
INSERT INTO "far" SELECT DISTINCT t0.c0, (t0.c1 - t0.c0) FROM "path" AS t0, "edge" AS t1 WHERE t1.c0 = t0.c1 AND (t0.c1 - t0.c0) >= 2 AND t0.c0 < 100 AND t0.c1 <= (0 - 5) AND t0.c1 > (t0.c0 + 1)
-- step far parity=None reads=far,path distinct=False delta=0
SELECT t0.c0, (t0.c1 + 1) FROM "far" AS t0, "path" AS t1 WHERE t1.c1 = t0.c0 AND t0.c1 > 3 AND 7 = t0.c0
INSERT INTO "far$delta0" SELECT * FROM (SELECT t0.c0, (t0.c1 + 1) FROM "far" AS t0, "path" AS t1 WHERE t1.c1 = t0.c0 AND t0.c1 > 3 AND 7 = t0.c0) EXCEPT SELECT * FROM "far"
-- step far parity=0 reads=far,path distinct=False delta=0
SELECT t0.c0, (t0.c1 + 1) FROM "far$delta0" AS t0, "path" AS t1 WHERE t1.c1 = t0.c0 AND t0.c1 > 3 AND 7 = t0.c0
INSERT INTO "far$delta0" SELECT * FROM (SELECT t0.c0, (t0.c1 + 1) FROM "far$delta0" AS t0, "path" AS t1 WHERE t1.c1 = t0.c0 AND t0.c1 > 3 AND 7 = t0.c0) EXCEPT SELECT * FROM "far"
-- step far parity=1 reads=far,path distinct=False delta=0
SELECT t0.c0, (t0.c1 + 1) FROM "far$delta1" AS t0, "path" AS t1 WHERE t1.c1 = t0.c0 AND t0.c1 > 3 AND 7 = t0.c0
INSERT INTO "far$delta0" SELECT * FROM (SELECT t0.c0, (t0.c1 + 1) FROM "far$delta1" AS t0, "path" AS t1 WHERE t1.c1 = t0.c0 AND t0.c1 > 3 AND 7 = t0.c0) EXCEPT SELECT * FROM "far"
-- stratum 3: named recursive=True inputs=blocked edge label
-- base named reads=label distinct=False delta=None
SELECT t0.c0, 'quote " back \ nl 
 unicode é ☃ ''single''' FROM "label" AS t0 WHERE t0.c1 <> 'it''s' AND NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t0.c0)
-- base named reads=label,label distinct=False delta=None
SELECT t0.c0, t0.c1 FROM "label" AS t0, "label" AS t1 WHERE t1.c0 = t0.c0 AND t0.c1 = 'a\b"c'
INSERT INTO "named" (SELECT t0.c0, 'quote " back \ nl 
 unicode é ☃ ''single''' FROM "label" AS t0 WHERE t0.c1 <> 'it''s' AND NOT EXISTS (SELECT 1 FROM "blocked" AS n1 WHERE n1.c0 = t0.c0)) UNION (SELECT t0.c0, t0.c1 FROM "label" AS t0, "label" AS t1 WHERE t1.c0 = t0.c0 AND t0.c1 = 'a\b"c')
-- step named parity=None reads=path,named distinct=False delta=1
SELECT t0.c1, t1.c1 FROM "path" AS t0, "named" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "label" AS n1 WHERE n1.c0 = t0.c1) AND t1.c1 <> ''
INSERT INTO "named$delta0" SELECT * FROM (SELECT t0.c1, t1.c1 FROM "path" AS t0, "named" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "label" AS n1 WHERE n1.c0 = t0.c1) AND t1.c1 <> '') EXCEPT SELECT * FROM "named"
-- step named parity=0 reads=path,named distinct=False delta=1
SELECT t0.c1, t1.c1 FROM "path" AS t0, "named$delta0" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "label" AS n1 WHERE n1.c0 = t0.c1) AND t1.c1 <> ''
INSERT INTO "named$delta0" SELECT * FROM (SELECT t0.c1, t1.c1 FROM "path" AS t0, "named$delta0" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "label" AS n1 WHERE n1.c0 = t0.c1) AND t1.c1 <> '') EXCEPT SELECT * FROM "named"
-- step named parity=1 reads=path,named distinct=False delta=1
SELECT t0.c1, t1.c1 FROM "path" AS t0, "named$delta1" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "label" AS n1 WHERE n1.c0 = t0.c1) AND t1.c1 <> ''
INSERT INTO "named$delta0" SELECT * FROM (SELECT t0.c1, t1.c1 FROM "path" AS t0, "named$delta1" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS (SELECT 1 FROM "label" AS n1 WHERE n1.c0 = t0.c1) AND t1.c1 <> '') EXCEPT SELECT * FROM "named"
-- tables
CREATE TABLE "edge" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "label" (c0 BIGINT NOT NULL, c1 VARCHAR NOT NULL)
CREATE TABLE "blocked" (c0 BIGINT NOT NULL)
CREATE TABLE "path" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "named" (c0 BIGINT NOT NULL, c1 VARCHAR NOT NULL)
CREATE TABLE "far" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "odd" (c0 BIGINT NOT NULL)
CREATE TABLE "even" (c0 BIGINT NOT NULL)
CREATE TABLE "even$delta0" (c0 BIGINT NOT NULL)
CREATE TABLE "even$delta1" (c0 BIGINT NOT NULL)
CREATE TABLE "odd$delta0" (c0 BIGINT NOT NULL)
CREATE TABLE "odd$delta1" (c0 BIGINT NOT NULL)
CREATE TABLE "path$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "path$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "far$delta0" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "far$delta1" (c0 BIGINT NOT NULL, c1 BIGINT NOT NULL)
CREATE TABLE "named$delta0" (c0 BIGINT NOT NULL, c1 VARCHAR NOT NULL)
CREATE TABLE "named$delta1" (c0 BIGINT NOT NULL, c1 VARCHAR NOT NULL)
