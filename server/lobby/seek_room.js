// The room a seek becomes, exactly as if one player had invited the other:
// `created` (public, naming the seek), the acceptor's `joined` (their token
// follows from their key) and the seeker's `seat_reserved` (the token hash
// the seek kept, lobby/seeks.js). The acceptor hosts the room.
import { newToken, tokenHash } from '../net/ids.js';

// `acceptorAccount`: the acceptor's signed-in account {id, name} or null. A
// rated seek's room is rated (`created` names the perf) and each seat keeps
// its account: the name in public, the id in the private part.
// `acceptorRating`: {rating, provisional} in the seek's perf, shown on the
// seat as the seeker's rating is (from the seek).
export function seekRoomDrafts(
  taken,
  acceptor,
  { seekerSeat, acceptorName = null, acceptorAccount = null, acceptorRating = null },
) {
  const { data: seek, secret } = taken;
  const roomId = secret.roomId;
  const acceptorSeat = 1 - seekerSeat;
  const created = {
    type: 'created',
    data: {
      game: seek.game,
      options: seek.options,
      ...(seek.clock && { clock: seek.clock }),
      public: true,
      seek: { seekId: seek.seekId },
      host: acceptorSeat,
      rematchOf: null,
      ...(seek.rated && { rated: true, perf: seek.perf }),
    },
    secret: { invite: newToken() },
  };
  const seats = [
    {
      type: 'joined',
      data: {
        seat: acceptorSeat,
        name: acceptorAccount?.name ?? acceptorName ?? acceptor.name ?? null,
        playerId: acceptor.playerId,
        ...(acceptorAccount && { account: acceptorAccount.name }),
        ...(acceptorAccount && acceptorRating && { rating: acceptorRating.rating, provisional: acceptorRating.provisional }),
      },
      secret: {
        tokenHash: tokenHash(acceptor.seatToken(roomId, acceptorSeat)),
        ...(acceptorAccount && { accountId: acceptorAccount.id }),
      },
    },
    {
      type: 'seat_reserved',
      data: {
        seat: seekerSeat,
        name: seek.player.name,
        playerId: seek.player.playerId,
        ...(seek.player.account && { account: seek.player.account }),
        ...(seek.player.rating !== undefined && { rating: seek.player.rating, provisional: seek.player.provisional }),
      },
      secret: { tokenHash: secret.tokenHashes[seekerSeat], ...(secret.accountId && { accountId: secret.accountId }) },
    },
  ].sort((a, b) => a.data.seat - b.data.seat);
  return { roomId, acceptorSeat, drafts: [created, ...seats] };
}
