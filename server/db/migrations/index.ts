import type { Migration } from 'kysely'
import * as m0001 from './0001_accounts'
import * as m0002 from './0002_study_sets'
import * as m0003 from './0003_contact'
import * as m0004 from './0004_study_records'
import * as m0005 from './0005_public_set_search'
import * as m0006 from './0006_rate_limits'
import * as m0007 from './0007_memory'
import * as m0008 from './0008_media'
import * as m0009 from './0009_classes'
import * as m0010 from './0010_stars_languages_copies'
import * as m0011 from './0011_match_client_id'
import * as m0012 from './0012_live_games'
import * as m0013 from './0013_cards_prompts'
import * as m0014 from './0014_media_audio'
import * as m0015 from './0015_habits_folders'
import * as m0016 from './0016_exchange_guid'
import * as m0017 from './0017_media_drafts'
import * as m0018 from './0018_locale'
import * as m0019 from './0019_public_search_order'

/** Every migration, in order. Listed by hand so bundlers (Vite, electron-vite) keep them all. */
export const migrations: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0002_study_sets': m0002,
  '0003_contact': m0003,
  '0004_study_records': m0004,
  '0005_public_set_search': m0005,
  '0006_rate_limits': m0006,
  '0007_memory': m0007,
  '0008_media': m0008,
  '0009_classes': m0009,
  '0010_stars_languages_copies': m0010,
  '0011_match_client_id': m0011,
  '0012_live_games': m0012,
  '0013_cards_prompts': m0013,
  '0014_media_audio': m0014,
  '0015_habits_folders': m0015,
  '0016_exchange_guid': m0016,
  '0017_media_drafts': m0017,
  '0018_locale': m0018,
  '0019_public_search_order': m0019,
}
